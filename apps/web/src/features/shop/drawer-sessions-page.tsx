import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { formatMoney, toCents } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EventSelect } from '../../ui/event-select';
import { formatDateTime } from '../../ui/formats';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import { PageFrame } from '../../ui/page-frame';
import { ClosingSummary } from './components/drawer-panel';
import { drawerSessionsRequested, selectDrawer } from './drawer-slice';
import './area';

/**
 * 'Sessões de caixa' (Report): every cash drawer of an event, newest first, with its opening float
 * and expected / counted / difference per payment method (docs/shop-screens.md).
 */
export function DrawerSessionsPage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedEvent);
  const events = useAppSelector(selectLookups).events ?? [];
  const { report } = useAppSelector(selectDrawer);
  const [chosenEvent, setEventId] = useState<string | null>(null);
  // The selected event until the user picks one (it may arrive after the first render).
  const eventId = chosenEvent ?? String(selected?.id ?? events[0]?.id ?? '');
  const load = () => {
    if (eventId !== '') dispatch(drawerSessionsRequested(Number(eventId)));
  };
  useEffect(load, [eventId, dispatch]);
  const shown = report.eventId === Number(eventId) ? report.sessions : [];
  const missing = shown.reduce((sum, session) => sum + toCents(session.diferenca ?? 0), 0);

  return (
    <PageFrame title="Sessões de caixa">
      <Form
        className="d-flex gap-2 align-items-end mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          load();
        }}
      >
        <Form.Group controlId="drawer-sessions-event">
          <Form.Label>Evento</Form.Label>
          <EventSelect
            events={events}
            value={eventId}
            onChange={setEventId}
            emptyLabel="Selecione o evento"
          />
        </Form.Group>
        <Button type="submit" disabled={eventId === '' || report.loading}>
          Atualizar
        </Button>
      </Form>
      {report.loading ? (
        <p>Carregando...</p>
      ) : shown.length === 0 ? (
        <p className="text-body-secondary">Nenhuma sessão de caixa neste evento.</p>
      ) : (
        <>
          <p>
            {shown.length} {shown.length === 1 ? 'sessão' : 'sessões'} · diferença das sessões
            fechadas:{' '}
            <strong className={missing ? 'text-danger' : ''}>{formatMoney(missing)}</strong>
          </p>
          <div className="drawer-sessions">
            {shown.map((session) => (
              <Card as="section" key={session.id} aria-labelledby={`drawer-session-${session.id}`}>
                <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
                  <h2 id={`drawer-session-${session.id}`} className="h6 mb-0">
                    Caixa {session.id} · {session.operador}
                  </h2>
                  <Badge bg={session.fechamento ? 'secondary' : 'success'}>
                    {session.fechamento ? 'Fechado' : 'Aberto'}
                  </Badge>
                </Card.Header>
                <Card.Body>
                  <p className="small mb-2">
                    Abertura {formatDateTime(session.abertura)}
                    {session.fechamento && <> · Fechamento {formatDateTime(session.fechamento)}</>}
                    {' · '}
                    <span className="text-nowrap">troco {formatMoney(toCents(session.troco))}</span>
                  </p>
                  <ClosingSummary session={session} label={`Valores do caixa ${session.id}`} />
                </Card.Body>
              </Card>
            ))}
          </div>
        </>
      )}
    </PageFrame>
  );
}
