import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import {
  formatMoney,
  parseMoney,
  toCents,
  type WirePayload,
  type WireValue,
} from '@balcao/contract';
import { FieldsForm } from './fields-form';
import {
  emptyValue,
  visibleIn,
  type FieldValue,
  type FormField,
  type FormMode,
  type FormValues,
} from './form-field';
import { readableMessage } from './messages';

export type EditorMode = FormMode | 'remove';

/** A form field of a table row: read from the row, posted as `data[ROWID][name]`. */
export interface EditorField<Row> extends FormField {
  /** A select posting `{id}` (`data[0][city][id]=3`) instead of the bare value. */
  reference?: boolean;
  /** The edited value from a row; read from `row[name]` by type by default. */
  read?: (row: Row) => FieldValue;
  /** The posted value; undefined leaves the field out. By type by default. */
  write?: (value: FieldValue, mode: FormMode) => WireValue | undefined;
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
    case 'switch':
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

function defaultWrite<Row>(field: EditorField<Row>, value: FieldValue): WireValue | undefined {
  switch (field.type) {
    case 'readonly':
      return undefined;
    case 'boolean':
    case 'switch':
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

interface EditorFormProps<Row> extends Omit<EditorModalProps<Row>, 'mode' | 'itemName'> {
  mode: FormMode;
}

function EditorForm<Row>(props: EditorFormProps<Row>) {
  const { mode, row, fields, busy, error, fieldErrors, onSave, onCancel } = props;
  const shown = fields.filter((field) => visibleIn(field, mode));
  const initial = Object.fromEntries(
    shown.map((field) => [
      field.name,
      row ? (field.read ?? ((r: Row) => defaultRead(field, r)))(row) : emptyValue(field),
    ]),
  );
  const save = (values: FormValues) => {
    const payload: WirePayload = {};
    for (const field of shown) {
      const value = values[field.name] ?? emptyValue(field);
      const wire = field.write ? field.write(value, mode) : defaultWrite(field, value);
      if (wire !== undefined) payload[field.name] = wire;
    }
    onSave(payload, mode);
  };
  return (
    <FieldsForm
      layout="modal"
      fields={shown}
      initial={initial}
      mode={mode}
      busy={busy}
      error={error}
      fieldErrors={fieldErrors}
      onSave={save}
      onCancel={onCancel}
    />
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
