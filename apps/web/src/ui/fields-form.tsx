import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FieldInput } from './field-input';
import {
  emptyValue,
  fieldError,
  visibleIn,
  type FieldValue,
  type FormField,
  type FormMode,
  type FormValues,
} from './form-field';
import { readableMessage } from './messages';

export interface FieldsFormProps {
  /** A function when the fields depend on the draft (lists offering what another field chose). */
  fields: readonly FormField[] | ((values: FormValues) => readonly FormField[]);
  /** The draft when the form opens; the form keeps it until Salvar hands it to `onSave`. */
  initial: FormValues;
  mode?: FormMode;
  /** The inputs' ids are `{idPrefix}-{name}`; a generated prefix by default. */
  idPrefix?: string;
  busy: boolean;
  /** The server's refusal that is not about one field. */
  error?: string | null;
  /** The server's fieldErrors, by field name, shown beside their fields. */
  fieldErrors?: Readonly<Record<string, string>>;
  /**
   * The whole form's check on Salvar, in place of the fields' own: for rules that are one ordered
   * list with one message (SPEC.md section 5's coupon template).
   */
  validate?: (values: FormValues) => string | null;
  /**
   * SPEC.md's settings forms: Salvar stays disabled until every field passes its check, instead of
   * listing the messages on Salvar as the editors do.
   */
  saveWhenValid?: boolean;
  /** Salvar disabled for a reason outside the fields. */
  saveDisabled?: boolean;
  /** Shown above the fields. */
  notice?: ReactNode;
  /** In a modal (body and footer) or in a page's card (the buttons below the fields). */
  layout: 'modal' | 'card';
  onSave: (values: FormValues) => void;
  /** Without it, no 'Cancelar' (a page that is only this form). */
  onCancel?: () => void;
}

function helpOf(field: FormField): string | undefined {
  const empty = field.type === 'select' && (field.options ?? []).length === 0;
  return (empty && field.noOptions) || field.help;
}

function problemsOf(fields: readonly FormField[], values: FormValues, mode: FormMode) {
  const found: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldError(field, values, mode);
    if (message) found[field.name] = message;
  }
  return found;
}

interface FieldBlockProps {
  field: FormField;
  id: string;
  value: FieldValue;
  message: string | undefined;
  onChange: (value: FieldValue) => void;
}

/** A field with its label (a legend for a checkbox list), help and message. */
function FieldBlock({ field, id, value, message, onChange }: FieldBlockProps) {
  const input = (
    <FieldInput
      field={field}
      id={id}
      value={value}
      invalid={Boolean(message)}
      onChange={onChange}
    />
  );
  const feedback = message && (
    <div className="invalid-feedback d-block" id={`${id}-error`}>
      {message}
    </div>
  );
  if (field.type === 'checkboxes') {
    return (
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{field.label}</legend>
        {input}
        {feedback}
      </fieldset>
    );
  }
  const check = field.type === 'boolean' || field.type === 'switch';
  return (
    <Form.Group className={field.half ? 'mb-3 col-sm-6' : 'mb-3'}>
      {!check && <Form.Label htmlFor={id}>{field.label}</Form.Label>}
      {input}
      {helpOf(field) && <Form.Text muted>{helpOf(field)}</Form.Text>}
      {feedback}
    </Form.Group>
  );
}

/** Consecutive half fields share a row. */
function rowsOf(fields: readonly FormField[]): FormField[][] {
  const rows: FormField[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.half && last?.[0]?.half) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

/**
 * The one form of declared fields: it holds the draft, checks it (each field's type and
 * validator, then the form's own check) and hands the values to `onSave`. 'Processando' while busy.
 */
export function FieldsForm(props: FieldsFormProps) {
  const { mode = 'edit', busy, error = null, fieldErrors = {}, validate, saveWhenValid } = props;
  const generatedId = useId();
  const idPrefix = props.idPrefix ?? generatedId;
  const [values, setValues] = useState<FormValues>(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const fields = (typeof props.fields === 'function' ? props.fields(values) : props.fields).filter(
    (field) => visibleIn(field, mode),
  );
  // What is checked as typed: every field when Salvar waits for them, else the marked ones.
  const live = problemsOf(
    saveWhenValid ? fields : fields.filter((field) => field.markInvalid),
    values,
    mode,
  );
  const saveDisabled =
    Boolean(props.saveDisabled) || (Boolean(saveWhenValid) && Object.keys(live).length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || saveDisabled) return;
    const found = validate ? {} : problemsOf(fields, values, mode);
    const formProblem = validate?.(values) ?? null;
    setErrors(found);
    setProblem(formProblem);
    if (Object.keys(found).length === 0 && formProblem === null) props.onSave(values);
  };
  const change = (name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    setProblem(null);
  };

  const messages = [...Object.values(errors), ...(problem ? [problem] : [])];
  const block = (field: FormField) => {
    const serverMessage = fieldErrors[field.name];
    return (
      <FieldBlock
        key={field.name}
        field={field}
        id={`${idPrefix}-${field.name}`}
        value={values[field.name] ?? emptyValue(field)}
        message={
          errors[field.name] ??
          (serverMessage && readableMessage(serverMessage)) ??
          (field.markInvalid ? live[field.name] : undefined)
        }
        onChange={(value) => change(field.name, value)}
      />
    );
  };
  const body = (
    <>
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
      {props.notice}
      {rowsOf(fields).map((row) =>
        row.length > 1 ? (
          <div className="row g-2" key={row.map((field) => field.name).join()}>
            {row.map(block)}
          </div>
        ) : (
          row.map(block)
        ),
      )}
    </>
  );
  const buttons = (
    <>
      {busy ? (
        <Button type="button" disabled>
          Processando
        </Button>
      ) : (
        <Button type="submit" disabled={saveDisabled}>
          Salvar
        </Button>
      )}
      {props.onCancel && (
        <Button type="button" variant="outline-secondary" onClick={props.onCancel}>
          Cancelar
        </Button>
      )}
    </>
  );
  return (
    <Form onSubmit={submit} noValidate>
      {props.layout === 'modal' ? (
        <>
          <Modal.Body>{body}</Modal.Body>
          <Modal.Footer>{buttons}</Modal.Footer>
        </>
      ) : (
        <>
          {body}
          <div className="d-flex gap-2">{buttons}</div>
        </>
      )}
    </Form>
  );
}
