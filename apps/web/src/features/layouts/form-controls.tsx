import { HEX_COLOR } from '@balcao/contract';
import { useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** '4,5': the editor's numbers read as pt-BR writes them. */
export const formatNumber = (value: number) =>
  String(Math.round(value * 100) / 100).replace('.', ',');

/** A number typed with a comma or a point; null when it is not one. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: number | undefined;
  /** Called with every number typed within bounds (undefined: emptied, when optional). */
  onChange(value: number | undefined): void;
  min?: number;
  max?: number;
  integer?: boolean;
  /** May be left empty (the property is then absent). */
  optional?: boolean;
  help?: string;
  className?: string;
}

/**
 * A number in the editor: each value typed applies at once (the preview follows the keys) while
 * the text is the person's own; leaving the field shows the value the layout holds.
 */
export function NumberField(props: NumberFieldProps) {
  const { id, label, value, onChange, min = 0, max = 1000, integer, optional, help } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (value === undefined ? '' : formatNumber(value));
  const parsed = parseNumber(text);
  const valid =
    (optional && text.trim() === '') ||
    (parsed !== null && parsed >= min && parsed <= max && (!integer || Number.isInteger(parsed)));
  return (
    <Form.Group controlId={id} className={props.className ?? 'mb-2'}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        size="sm"
        inputMode="decimal"
        value={text}
        isInvalid={!valid}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setDraft(typed);
          const number = parseNumber(typed);
          if (optional && typed.trim() === '') onChange(undefined);
          else if (
            number !== null &&
            number >= min &&
            number <= max &&
            (!integer || Number.isInteger(number))
          )
            onChange(number);
        }}
        onBlur={() => setDraft(null)}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block small">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  className?: string;
}

export function SelectField({ id, label, value, options, onChange, className }: SelectFieldProps) {
  return (
    <Form.Group controlId={id} className={className ?? 'mb-2'}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

export function ColorField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const { id, label, value, onChange } = props;
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        type="color"
        size="sm"
        value={HEX_COLOR.test(value) ? value : '#000000'}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Group>
  );
}

/**
 * A text applied when the field is left (or Enter pressed) and only if `accept` takes it; until
 * then, and when refused, the text is the person's own and the layout keeps its value.
 */
export function CommitTextField(props: {
  id: string;
  label: string;
  value: string;
  accept(text: string): boolean;
  onCommit(text: string): void;
  help?: ReactNode;
}) {
  const { id, label, value, accept, onCommit, help } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  const commit = () => {
    if (draft !== null && draft !== value && accept(draft)) onCommit(draft);
    setDraft(null);
  };
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        size="sm"
        value={text}
        isInvalid={draft !== null && draft !== value && !accept(draft)}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block small">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
