import Form from 'react-bootstrap/Form';

interface EventSelectProps {
  events: readonly { id: number | string; name?: unknown }[];
  /** The chosen event id, '' for none. */
  value: string;
  onChange: (eventId: string) => void;
  /** The text of the empty choice ('Nenhum', 'Selecione o evento'). */
  emptyLabel: string;
  disabled?: boolean;
}

/** The 'Evento' dropdown of the pages that work on one event. */
export function EventSelect({ events, value, onChange, emptyLabel, disabled }: EventSelectProps) {
  return (
    <Form.Select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      <option value="">{emptyLabel}</option>
      {events.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {String(item.name ?? item.id)}
        </option>
      ))}
    </Form.Select>
  );
}
