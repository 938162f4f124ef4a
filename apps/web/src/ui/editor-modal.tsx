import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { formatMoney, parseMoney, toCents } from '@balcao/contract';
import { parseEventDateTime } from './formats';
import { readableMessage } from './messages';
import { CheckboxList } from './checkbox-list';

export type EditorMode = 'create' | 'edit' | 'remove';
export type FormMode = Exclude<EditorMode, 'remove'>;

export type FieldType =
  | 'text'
  | 'password'
  | 'money'
  | 'integer'
  | 'select'
  | 'multiselect'
  | 'checkboxes'
  | 'boolean'
  | 'datetime'
  | 'readonly';

/** What a field holds while edited: text, a checkbox, or the chosen option values. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

/** What the editor posts for a field: docs/table-protocol.md shapes. */
export type WireValue = string | { id: string } | { id: string }[];
export type WirePayload = Record<string, WireValue>;

export interface FieldOption {
  value: string;
  label: string;
}

export interface EditorField<Row> {
  /** The wire name (`data[ROWID][name]`) and the server's fieldErrors name. */
  name: string;
  label: string;
  type: FieldType;
  /** The editor modes showing the field; both by default. */
  modes?: readonly FormMode[];
  options?: readonly FieldOption[];
  /** A select posting `{id}` (`data[0][city][id]=3`) instead of the bare value. */
  reference?: boolean;
  /** The empty choice of a select ('Nenhum'); without it a choice is required by the browser. */
  emptyOption?: string;
  /** Value for a new row. */
  defaultValue?: FieldValue;
  /** The edited value from a row; read from `row[name]` by type by default. */
  read?: (row: Row) => FieldValue;
  /** The posted value; undefined leaves the field out. By type by default. */
  write?: (value: FieldValue, mode: FormMode) => WireValue | undefined;
  /** A message when the value is not acceptable, else null. */
  validate?: (value: FieldValue, values: FormValues, mode: FormMode) => string | null;
  placeholder?: string;
  help?: string;
  /** What a select with no options says (where to register them), in place of `help`. */
  noOptions?: string;
}

export interface EditorModalProps<Row> {
  /** Null closes the editor. */
  mode: EditorMode | null;
  /** The row edited or removed; null when creating. */
  row: Row | null;
  /** 'Deseja remover este {itemName}?' */
  itemName: string;
  fields: readonly EditorField<Row>[];
  busy: boolean;
  /** The server's refusal that is not about one field ('Um erro fatal aconteceu' when unknown). */
  error: string | null;
  /** The server's fieldErrors, by field name, shown beside their fields. */
  fieldErrors: Readonly<Record<string, string>>;
  onSave: (payload: WirePayload, mode: FormMode) => void;
  onRemove: () => void;
  onCancel: () => void;
}

function helpOf<Row>(field: EditorField<Row>): string | undefined {
  const empty = field.type === 'select' && (field.options ?? []).length === 0;
  return (empty && field.noOptions) || field.help;
}

/** 'Informe o nome.' when the text is empty. */
export function required(message: string) {
  return (value: FieldValue): string | null =>
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
      ? message
      : null;
}

function refId(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'id' in value) {
    const id = (value as { id: unknown }).id;
    return id === null || id === undefined ? '' : String(id);
  }
  return value === null || value === undefined ? '' : String(value);
}

function defaultRead<Row>(field: EditorField<Row>, row: Row): FieldValue {
  const value = (row as Record<string, unknown>)[field.name];
  switch (field.type) {
    case 'boolean':
      return Boolean(value);
    case 'money':
      return typeof value === 'number' ? formatMoney(toCents(value)) : '';
    case 'multiselect':
    case 'checkboxes':
      return Array.isArray(value) ? value.map(refId).filter((id) => id !== '') : [];
    case 'select':
      return refId(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

function emptyValue<Row>(field: EditorField<Row>): FieldValue {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (field.type === 'boolean') return false;
  if (field.type === 'multiselect' || field.type === 'checkboxes') return [];
  return '';
}

function defaultWrite<Row>(field: EditorField<Row>, value: FieldValue): WireValue | undefined {
  switch (field.type) {
    case 'readonly':
      return undefined;
    case 'boolean':
      return value === true ? 'true' : 'false';
    case 'money': {
      const cents = typeof value === 'string' ? parseMoney(value) : null;
      return cents === null ? '' : (cents / 100).toFixed(2);
    }
    case 'multiselect':
    case 'checkboxes':
      return (Array.isArray(value) ? value : []).map((id) => ({ id }));
    case 'select': {
      const text = typeof value === 'string' ? value : '';
      return field.reference && text !== '' ? { id: text } : text;
    }
    default:
      return typeof value === 'string' ? value.trim() : '';
  }
}

/** The type's own check (integer, money, date-time), before the field's validator. */
function typeError<Row>(field: EditorField<Row>, value: FieldValue): string | null {
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

/** Typing digits fills the cents from the right: '1', '12', '1234' -> 'R$ 12,34'. */
export function maskMoneyInput(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return '';
  return formatMoney(Number(digits.slice(-13)));
}

/** Digits as 'DD/MM/AAAA HH:mm', each separator added once a digit follows it. */
export function maskDateTimeInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 12);
  const parts: [number, number, string][] = [
    [0, 2, ''],
    [2, 4, '/'],
    [4, 8, '/'],
    [8, 10, ' '],
    [10, 12, ':'],
  ];
  return parts
    .filter(([start]) => digits.length > start)
    .map(([start, end, separator]) => separator + digits.slice(start, end))
    .join('');
}

function visibleIn<Row>(field: EditorField<Row>, mode: FormMode): boolean {
  return !field.modes || field.modes.includes(mode);
}

interface FieldInputProps<Row> {
  field: EditorField<Row>;
  id: string;
  value: FieldValue;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
}

function FieldInput<Row>({ field, id, value, invalid, onChange }: FieldInputProps<Row>) {
  const text = typeof value === 'string' ? value : '';
  const a11y = {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
  };
  const list = Array.isArray(value) ? value : [];
  switch (field.type) {
    case 'boolean':
      return (
        <Form.Check
          type="checkbox"
          id={id}
          {...a11y}
          label={field.label}
          checked={value === true}
          isInvalid={invalid}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'readonly':
      return <Form.Control id={id} plaintext readOnly value={text} />;
    case 'select':
      return (
        <Form.Select
          id={id}
          {...a11y}
          value={text}
          isInvalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{field.emptyOption ?? 'Selecione'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      );
    case 'multiselect':
      return (
        <Form.Select
          id={id}
          {...a11y}
          multiple
          value={list}
          isInvalid={invalid}
          onChange={(event) =>
            onChange(Array.from(event.target.selectedOptions, (option) => option.value))
          }
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      );
    case 'checkboxes':
      return (
        <CheckboxList
          id={id}
          options={field.options ?? []}
          chosen={list}
          onChange={onChange}
          empty="Nenhuma opção cadastrada."
          invalid={invalid}
        />
      );
    case 'datetime':
      return (
        <Form.Control
          id={id}
          {...a11y}
          inputMode="numeric"
          placeholder={field.placeholder ?? 'DD/MM/AAAA HH:mm'}
          value={text}
          isInvalid={invalid}
          onChange={(event) => onChange(maskDateTimeInput(event.target.value))}
        />
      );
    case 'money':
      return (
        <Form.Control
          id={id}
          {...a11y}
          inputMode="numeric"
          placeholder={field.placeholder ?? 'R$ 0,00'}
          value={text}
          isInvalid={invalid}
          onChange={(event) => onChange(maskMoneyInput(event.target.value))}
        />
      );
    case 'integer':
      return (
        <Form.Control
          id={id}
          {...a11y}
          inputMode="numeric"
          placeholder={field.placeholder}
          value={text}
          isInvalid={invalid}
          onChange={(event) => onChange(event.target.value.replace(/[^\d-]/g, ''))}
        />
      );
    default:
      return (
        <Form.Control
          id={id}
          {...a11y}
          type={field.type === 'password' ? 'password' : 'text'}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
          placeholder={field.placeholder}
          value={text}
          isInvalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

interface EditorFormProps<Row> extends Omit<EditorModalProps<Row>, 'mode' | 'itemName'> {
  mode: FormMode;
}

function EditorForm<Row>(props: EditorFormProps<Row>) {
  const { mode, row, fields, busy, error, fieldErrors, onSave, onCancel } = props;
  const baseId = useId();
  const shown = fields.filter((field) => visibleIn(field, mode));
  const [values, setValues] = useState<FormValues>(() =>
    Object.fromEntries(
      shown.map((field) => [
        field.name,
        row ? (field.read ?? ((r: Row) => defaultRead(field, r)))(row) : emptyValue(field),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    for (const field of shown) {
      const value = values[field.name] ?? emptyValue(field);
      const message = typeError(field, value) ?? field.validate?.(value, values, mode) ?? null;
      if (message) found[field.name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload: WirePayload = {};
    for (const field of shown) {
      const value = values[field.name] ?? emptyValue(field);
      const wire = field.write ? field.write(value, mode) : defaultWrite(field, value);
      if (wire !== undefined) payload[field.name] = wire;
    }
    onSave(payload, mode);
  };

  const messages = Object.values(errors);
  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        {messages.length > 0 && (
          <Alert variant="danger" role="alert">
            {messages.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {error && messages.length === 0 && (
          <Alert variant="danger" role="alert">
            {readableMessage(error)}
          </Alert>
        )}
        {shown.map((field) => {
          const id = `${baseId}-${field.name}`;
          const serverMessage = fieldErrors[field.name];
          const message = errors[field.name] ?? (serverMessage && readableMessage(serverMessage));
          const input = (
            <FieldInput
              field={field}
              id={id}
              value={values[field.name] ?? emptyValue(field)}
              invalid={Boolean(message)}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field.name]: value }));
                setErrors(({ [field.name]: _cleared, ...rest }) => rest);
              }}
            />
          );
          const feedback = message && (
            <div className="invalid-feedback d-block" id={`${id}-error`}>
              {message}
            </div>
          );
          if (field.type === 'checkboxes') {
            return (
              <fieldset className="mb-3" key={field.name}>
                <legend className="form-label fs-6">{field.label}</legend>
                {input}
                {feedback}
              </fieldset>
            );
          }
          return (
            <Form.Group className="mb-3" key={field.name}>
              {field.type !== 'boolean' && <Form.Label htmlFor={id}>{field.label}</Form.Label>}
              {input}
              {helpOf(field) && <Form.Text muted>{helpOf(field)}</Form.Text>}
              {feedback}
            </Form.Group>
          );
        })}
      </Modal.Body>
      <Modal.Footer>
        {busy ? (
          <Button type="button" disabled>
            Processando
          </Button>
        ) : (
          <Button type="submit">Salvar</Button>
        )}
        <Button type="button" variant="outline-secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </Modal.Footer>
    </Form>
  );
}

const TITLES: Record<EditorMode, string> = {
  create: 'Novo registro',
  edit: 'Editar registro',
  remove: 'Remover registro',
};

/**
 * The one editor of every admin table: create and edit with typed fields and validators (their
 * messages collected), remove with 'Deseja remover este {item}?', 'Processando' while busy and the
 * server's fieldErrors beside their fields.
 */
export function EditorModal<Row>(props: EditorModalProps<Row>) {
  const { mode, itemName, busy, error, onRemove, onCancel } = props;
  const titleId = useId();
  return (
    <Modal
      show={mode !== null}
      onHide={() => !busy && onCancel()}
      backdrop={busy ? 'static' : true}
      aria-labelledby={titleId}
      // Without the fade the closing editor never shows empty while its state is already gone.
      animation={false}
      scrollable
    >
      <Modal.Header closeButton={!busy} closeLabel="Fechar">
        <Modal.Title id={titleId}>{mode ? TITLES[mode] : ''}</Modal.Title>
      </Modal.Header>
      {mode === 'remove' && (
        <>
          <Modal.Body>
            {error && (
              <Alert variant="danger" role="alert">
                {readableMessage(error)}
              </Alert>
            )}
            <p className="mb-0">Deseja remover este {itemName}?</p>
          </Modal.Body>
          <Modal.Footer>
            {busy ? (
              <Button type="button" variant="danger" disabled>
                Processando
              </Button>
            ) : (
              <Button type="button" variant="danger" onClick={onRemove} autoFocus>
                Remover
              </Button>
            )}
            <Button type="button" variant="outline-secondary" onClick={onCancel}>
              Cancelar
            </Button>
          </Modal.Footer>
        </>
      )}
      {(mode === 'create' || mode === 'edit') && <EditorForm {...props} mode={mode} />}
    </Modal>
  );
}
