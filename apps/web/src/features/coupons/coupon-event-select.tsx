import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EventSelect } from '../../ui/event-select';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import { couponEventChosen, selectCoupons } from './slice';

/** The event the coupon pages show: the selected event until another is chosen here. */
export function useCouponEventId(): string {
  const chosen = useAppSelector(selectCoupons).eventId;
  const selected = useAppSelector(selectSelectedEvent);
  return chosen ?? (selected ? String(selected.id) : '');
}

/** The 'Evento' of the coupon pages; `onChosen` reloads what the page shows. */
export function CouponEventSelect({ id, onChosen }: { id: string; onChosen: () => void }) {
  const dispatch = useAppDispatch();
  const events = useAppSelector(selectLookups).events ?? [];
  const eventId = useCouponEventId();
  const { noEvent } = useAppSelector(selectCoupons);
  return (
    <Form.Group controlId={id} className="mb-3" style={{ maxWidth: '28rem' }}>
      <Form.Label>Evento</Form.Label>
      <EventSelect
        events={events}
        value={eventId}
        emptyLabel="Evento selecionado"
        onChange={(value) => {
          dispatch(couponEventChosen(value));
          onChosen();
        }}
      />
      {noEvent && (
        <Alert variant="warning" className="mt-2 mb-0">
          Nenhum evento selecionado: escolha um evento acima ou selecione um em 'Eventos'.
        </Alert>
      )}
    </Form.Group>
  );
}
