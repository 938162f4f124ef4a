import Alert from 'react-bootstrap/Alert';
import { NO_SELECTED_EVENT_MESSAGE } from '@balcao/contract';

/** The desks' line about the selected event (SPEC.md section 2). */
export function SelectedEventLine({ name }: { name: string | null }) {
  if (name === null) {
    return (
      <Alert variant="warning" role="alert">
        {NO_SELECTED_EVENT_MESSAGE}
      </Alert>
    );
  }
  return (
    <p className="desk-event">
      Evento: <strong>{name}</strong>
    </p>
  );
}
