import {
  CPF_INVALID_MESSAGE,
  CPF_LENGTH,
  SITUACAO_STATUSES,
  isValidCpf,
  type ParticipantStatus,
} from '@balcao/contract';
import {
  cellOf,
  foldName,
  orNull,
  tooLong,
  type ColumnSpec,
  type ColumnIndexes,
} from './columns.ts';

export type ParticipantColumn =
  | 'nome'
  | 'email'
  | 'cpf'
  | 'pacote'
  | 'situacao'
  | 'nucleo'
  | 'business'
  | 'telefone'
  | 'consultor';

/** SPEC.md section 5; telefone and consultor are read when present. */
export const PARTICIPANT_COLUMNS: readonly ColumnSpec<ParticipantColumn>[] = [
  { key: 'nome', names: ['nome'], required: true },
  { key: 'email', names: ['email'], required: true },
  { key: 'cpf', names: ['cpf_cnpj'], required: true },
  { key: 'pacote', names: ['pacote'], required: true },
  { key: 'situacao', names: ['situacao'], required: true },
  { key: 'nucleo', names: ['nucleo_origem'], required: true },
  { key: 'business', names: ['business'], required: true },
  { key: 'telefone', names: ['telefone'], required: false },
  { key: 'consultor', names: ['consultor'], required: false },
];

/** The columns a participant import writes; the others (badge, courseware, usual name) it keeps. */
export interface ParticipantValues {
  cpf: string;
  name: string;
  email: string | null;
  pacote: string | null;
  status: ParticipantStatus;
  status_original: string;
  center_id: number | null;
  business: string | null;
  telefone?: string | null;
  consultor?: string | null;
}

const LIMITS = {
  name: ['Nome', 255],
  email: ['E-mail', 255],
  pacote: ['Pacote', 255],
  business: ['Business', 255],
  telefone: ['Telefone', 64],
  consultor: ['Consultor', 255],
} as const;

/**
 * Centers by serial ('001' or '1') or by folded name. Two centers folding alike ('São Paulo',
 * 'Sao Paulo') are told apart by their exact (case-insensitive) spelling, else the name is
 * ambiguous.
 */
export class CenterLookup {
  readonly #byFolded = new Map<string, number | 'ambiguous'>();
  readonly #byLower = new Map<string, number>();
  readonly #bySerial = new Map<number, number>();
  /** SPEC.md's special default center (name containing 'fortaleza'): where unknown ones go. */
  readonly fallback: { id: number; name: string } | null;

  constructor(centers: readonly { id: number; name: string; serial: number }[]) {
    for (const { id, name, serial } of centers) {
      const folded = foldName(name);
      this.#byFolded.set(folded, this.#byFolded.has(folded) ? 'ambiguous' : id);
      this.#byLower.set(name.trim().toLowerCase(), id);
      this.#bySerial.set(serial, id);
    }
    const byId = [...centers].sort((a, b) => a.id - b.id);
    this.fallback = byId.find((center) => foldName(center.name).includes('fortaleza')) ?? null;
  }

  /** Sheets repeat a handful of spellings over thousands of lines: each is folded once. */
  readonly #seen = new Map<string, number | 'ambiguous' | undefined>();

  find(name: string): number | 'ambiguous' | undefined {
    if (this.#seen.has(name)) return this.#seen.get(name);
    const serial = /^\d{1,9}$/.test(name) ? this.#bySerial.get(Number(name)) : undefined;
    const found =
      serial ?? this.#byLower.get(name.toLowerCase()) ?? this.#byFolded.get(foldName(name));
    if (this.#seen.size < 10_000) this.#seen.set(name, found);
    return found;
  }
}

/**
 * Excel shows a CPF typed as a number without its leading zeros ('1234567890'); digits-only values
 * of 9 or 10 digits get them back before the checksum decides.
 */
export function importedCpf(text: string): string {
  if (/^\d{9,10}$/.test(text)) return text.padStart(CPF_LENGTH, '0');
  return text.replace(/\D/g, '');
}

export type ParsedParticipant =
  { values: ParticipantValues; warning: string | null } | { error: string };

/**
 * One data line of a participants sheet: its values (with a warning when its center was replaced
 * by the default one), or every reason it is refused, in pt-BR.
 */
export function parseParticipantRow(
  cells: readonly string[],
  columns: ColumnIndexes<ParticipantColumn>,
  centers: CenterLookup,
): ParsedParticipant {
  const cell = (key: ParticipantColumn) => cellOf(cells, columns, key);
  const errors: string[] = [];

  const name = cell('nome');
  if (name === '') errors.push('Nome não informado');

  const cpf = importedCpf(cell('cpf'));
  if (!isValidCpf(cpf)) errors.push(CPF_INVALID_MESSAGE);

  const situacao = cell('situacao');
  const status = SITUACAO_STATUSES[situacao];
  if (situacao === '') errors.push('Situação não informada (use 1 a 7)');
  else if (!status) errors.push(`Situação inválida: ${situacao} (use 1 a 7)`);

  const centerName = cell('nucleo');
  let centerId: number | null = null;
  let warning: string | null = null;
  if (centerName !== '') {
    const found = centers.find(centerName);
    const { fallback } = centers;
    if (found === undefined && fallback) {
      centerId = fallback.id;
      warning = `Núcleo não encontrado: ${centerName}; cadastrado no núcleo ${fallback.name}`;
    } else if (found === undefined) errors.push(`Núcleo não encontrado: ${centerName}`);
    else if (found === 'ambiguous') errors.push(`Núcleo ambíguo: ${centerName}`);
    else centerId = found;
  }

  const values: ParticipantValues = {
    cpf,
    name,
    email: orNull(cell('email')),
    pacote: orNull(cell('pacote')),
    status: status ?? 'OK',
    status_original: situacao,
    center_id: centerId,
    business: orNull(cell('business')),
  };
  if (columns.telefone !== undefined) values.telefone = orNull(cell('telefone'));
  if (columns.consultor !== undefined) values.consultor = orNull(cell('consultor'));

  for (const [field, [label, max]] of Object.entries(LIMITS)) {
    const value = values[field as keyof typeof LIMITS];
    if (typeof value === 'string' && value.length > max) errors.push(tooLong(label, max));
  }
  return errors.length > 0 ? { error: errors.join('; ') } : { values, warning };
}
