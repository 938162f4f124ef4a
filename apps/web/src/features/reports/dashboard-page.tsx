import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { DashboardReport } from '@balcao/contract';
import { EventSelect } from '../../ui/event-select';
import { formatReais } from '../../ui/formats';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import { PageFrame } from '../../ui/page-frame';
import { dashboardRequested, selectReports } from './slice';
import './area';

/** The cards, in the first colours of the 11-colour palette. */
const CARDS: { key: keyof DashboardReport; title: string; color: string }[] = [
  { key: 'total', title: 'Total', color: '#3366cc' },
  { key: 'pago', title: 'Pago', color: '#109618' },
  { key: 'a_receber', title: 'A receber', color: '#ff9900' },
];

/** 'Relatório Dashboard': the event's sales so far, refreshed on 'Atualizar'. */
export function DashboardPage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedEvent);
  const events = useAppSelector(selectLookups).events ?? [];
  const { dashboard, loading } = useAppSelector(selectReports);
  const [chosenEvent, setEventId] = useState<string | null>(null);
  const eventId = chosenEvent ?? String(selected?.id ?? '');
  const refresh = () => {
    if (eventId !== '') dispatch(dashboardRequested({ eventId: Number(eventId) }));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the event changes
  useEffect(refresh, [eventId]);

  return (
    <PageFrame title="Relatório Dashboard">
      <div className="d-flex gap-2 align-items-end mb-3">
        <Form.Group controlId="dashboard-event">
          <Form.Label>Evento</Form.Label>
          <EventSelect
            events={events}
            value={eventId}
            onChange={setEventId}
            emptyLabel="Selecione o evento"
          />
        </Form.Group>
        <Button type="button" onClick={refresh} disabled={loading || eventId === ''}>
          Atualizar
        </Button>
      </div>
      <div className="d-flex flex-wrap gap-3">
        {CARDS.map((card) => (
          <Card
            key={card.key}
            style={{ backgroundColor: card.color, minWidth: '14rem' }}
            text="white"
          >
            <Card.Body>
              <Card.Title as="h2" className="h6">
                {card.title}
              </Card.Title>
              <p className="h3 mb-0" aria-label={card.title}>
                {dashboard ? formatReais(dashboard[card.key]) : '—'}
              </p>
            </Card.Body>
          </Card>
        ))}
      </div>
    </PageFrame>
  );
}
