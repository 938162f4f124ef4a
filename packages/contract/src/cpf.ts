/** CPF: 11 digits, the last two check digits of the first nine (mod 11). */
export const CPF_LENGTH = 11;
export const CPF_DISPLAY_LENGTH = 14;
export const CPF_INVALID_MESSAGE = 'cpf invalido';

export function cpfDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CPF_LENGTH);
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

// How a CPF may be typed: its digits, with dots, dashes and white space (tabs, no-break spaces...)
// anywhere. The server reads a typed CPF and the log hides one by this same alphabet (issue #41).
const ALPHABET = String.raw`[\d.\-\s]`;
const SPELLING = new RegExp(`^${ALPHABET}*$`);
const SPELLING_RUNS = new RegExp(`${ALPHABET}+`, 'g');

/** The digits of a text typed as a CPF or a part of one; undefined when it holds anything else. */
export function spelledDigits(text: string): string | undefined {
  return SPELLING.test(text) ? text.replace(/\D/g, '') : undefined;
}

/**
 * A typed CPF as the server takes it: 11 digits with valid check digits, spelled with any dots,
 * dashes and spaces ('529.982.247-25', ' 529 982 247 25', '529..982247-25'); undefined otherwise.
 */
export function parseCpf(text: string): string | undefined {
  const digits = spelledDigits(text);
  return digits !== undefined && isValidCpf(digits) ? digits : undefined;
}

/** What a log keeps of a CPF: nothing. */
export const CPF_HIDDEN = '***.***.***-**';

/**
 * A text (a URL, a log message) with every CPF that `parseCpf` could read in it hidden: each run of
 * the CPF alphabet holding 11 digits or more, so a CPF next to other digits is hidden too.
 */
export function hideCpfs(text: string): string {
  if (!holdsCpfDigits(text)) return text; // most log text: no regular expression to run
  return text.replace(SPELLING_RUNS, (run) =>
    run.replace(/\D/g, '').length >= CPF_LENGTH ? CPF_HIDDEN : run,
  );
}

/** Whether the text holds at least a CPF's count of digits anywhere (hideCpfs's cheap first test). */
function holdsCpfDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57 && ++digits >= CPF_LENGTH) return true;
  }
  return false;
}

/** True for a well-formed CPF: 11 digits, not all the same, both check digits right. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== CPF_LENGTH || /^(\d)\1{10}$/.test(digits)) return false;
  return (
    checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10])
  );
}

/** 000.000.000-00, applied to as many digits as there are; a masked CPF is shown as it is. */
export function formatCpf(value: string): string {
  if (isMaskedCpf(value)) return value;
  const d = cpfDigits(value);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** Completes nine digits with their two check digits (tests and seeds make valid CPFs with it). */
export function withCheckDigits(nine: string): string {
  const first = nine + String(checkDigit(nine, 9));
  return first + String(checkDigit(first, 10));
}

/**
 * A CPF as users without the Participant permission see it (lists, receipts, CSV exports), showing
 * only the middle six digits: '***.982.247-**'. The server masks; the SPA never gets the full CPF.
 * Anything that is not 11 digits is masked entirely, so a bad value never leaks.
 */
export function maskCpf(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length !== CPF_LENGTH) return CPF_HIDDEN;
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** True for a CPF as `maskCpf` gives it. */
export function isMaskedCpf(value: string): boolean {
  return value.includes('*');
}

/**
 * Whether a CPF as the server sent it (full or masked) can be the one whose first digits were
 * typed: a desk filtering its list by the typed prefix compares the digits the mask kept.
 */
export function cpfFits(shown: string, typed: string): boolean {
  const digits = cpfDigits(typed);
  if (!isMaskedCpf(shown)) return cpfDigits(shown).startsWith(digits);
  const kept = shown.replace(/[.-]/g, '');
  return [...digits].every((digit, i) => kept[i] === '*' || kept[i] === digit);
}

/** The name an anonymised participant keeps ('Anonimizar participante'). */
export const ANONYMIZED_NAME = 'Participante anonimizado';

/**
 * The CPF an anonymised participant keeps: 11 digits, unique (from the participant's id) and never
 * a valid CPF (its last check digit is off by one), so it can neither collide with a real CPF nor
 * be looked up at a desk.
 */
export function anonymizedCpf(participantId: number): string {
  const nine = `9${String(participantId).padStart(8, '0')}`.slice(-9);
  const valid = withCheckDigits(nine);
  return valid.slice(0, 10) + String((Number(valid[10]) + 1) % 10);
}
