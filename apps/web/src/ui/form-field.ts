import { parseMoney } from '@balcao/contract';
import { parseEventDateTime } from './formats';

/** A form either creates a record or edits one; settings forms always edit. */
export type FormMode = 'create' | 'edit';

export type FieldType =
  | 'text'
  | 'password'
  | 'money'
  | 'integer'
  | 'decimal'
  | 'select'
  | 'multiselect'
  | 'checkboxes'
  | 'boolean'
  | 'switch'
  | 'datetime'
  | 'readonly'
  /** A text file read in the browser: the value is its content ('' when none is chosen). */
  | 'file';

/** What a field holds while edited: text, a checkbox, or the chosen option values. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

export interface FieldOption {
  value: string;
  label: string;
}

/** One field of a form: rendered by FieldsForm, checked on Salvar. */
export interface FormField {
  /** The value's key, the id's suffix (`{idPrefix}-{name}`) and the server's fieldErrors name. */
  name: string;
  label: string;
  type: FieldType;
  /** The form modes showing the field; both by default. */
  modes?: readonly FormMode[];
  options?: readonly FieldOption[];
  /** The empty choice of a select ('Nenhum'); 'Selecione' by default. */
  emptyOption?: string;
  /** Value for a new record. */
  defaultValue?: FieldValue;
  /** A message when the value is not acceptable, else null. */
  validate?: (value: FieldValue, values: FormValues, mode: FormMode) => string | null;
  placeholder?: string;
  help?: string;
  /** What a select or checkbox list with no options says (where to register them). */
  noOptions?: string;
  maxLength?: number;
  /** A file field's accepted types ('.pem,.crt'). */
  accept?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Checked as typed: marked red with its message while its check fails. */
  markInvalid?: boolean;
  /** The browser's autofill hint ('current-password'); 'off', or 'new-password' for a password. */
  autoComplete?: string;
  /** A checkbox list's layout: a grid (default), one per line, in a row, or a scrolling box. */
  boxes?: 'grid' | 'stacked' | 'inline' | 'scroll';
  /** Half a row on wide screens, beside the next half field. */
  half?: boolean;
}

/** 'Informe o nome.' when the text is empty. */
export function required(message: string) {
  return (value: FieldValue): string | null =>
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
      ? message
      : null;
}

export function visibleIn(field: FormField, mode: FormMode): boolean {
  return !field.modes || field.modes.includes(mode);
}

export function emptyValue(field: FormField): FieldValue {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (field.type === 'boolean' || field.type === 'switch') return false;
  if (field.type === 'multiselect' || field.type === 'checkboxes') return [];
  return '';
}

/** The type's own check (integer, money, date-time), before the field's validator. */
function typeError(field: FormField, value: FieldValue): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  switch (field.type) {
    case 'integer':
      return /^-?\d+$/.test(value.trim()) ? null : `${field.label}: digite um número inteiro.`;
    case 'money':
      return parseMoney(value) === null ? `${field.label}: valor inválido.` : null;
    case 'datetime':
      return parseEventDateTime(value.trim())
        ? null
        : `${field.label}: use o formato DD/MM/AAAA HH:mm.`;
    default:
      return null;
  }
}

/** The field's message for this value (its type's check, then its validator), or null. */
export function fieldError(field: FormField, values: FormValues, mode: FormMode): string | null {
  const value = values[field.name] ?? emptyValue(field);
  return typeError(field, value) ?? field.validate?.(value, values, mode) ?? null;
}

/** A text field's value; '' for a checkbox or a list. */
export function textValue(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A list field's chosen values. */
export function listValue(value: FieldValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}
