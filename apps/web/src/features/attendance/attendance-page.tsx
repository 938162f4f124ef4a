import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import { PageFrame } from '../../ui/page-frame';
import { attendanceCells } from './columns';
import {
  attendanceCsvRequested,
  attendanceRequested,
  selectAttendance,
  type AttendanceRow,
} from './slice';
import { EventSelect } from '../../ui/event-select';
import './area';

const rowId = (row: AttendanceRow) => String(row.id);

/** 'Lista de Presença': the first check-in time of each participant per event day. */
export function AttendancePage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedEvent);
  const events = useAppSelector(selectLookups).events ?? [];
  const { columns, rows, loading, eventId: loadedId } = useAppSelector(selectAttendance);
  const [chosenEvent, setEventId] = useState<string | null>(null);
  // The selected event until the user picks one: it may arrive after the first render (a reload).
  const eventId = chosenEvent ?? String(selected?.id ?? loadedId ?? events[0]?.id ?? '');
  const event =
    events.find((item) => String(item.id) === eventId) ??
    (selected && String(selected.id) === eventId ? selected : null);

  useEffect(() => {
    if (eventId !== '') dispatch(attendanceRequested({ eventId: Number(eventId) }));
  }, [dispatch, eventId]);

  const tableColumns = useMemo(
    () =>
      attendanceCells(columns).map((cell) =>
        column<AttendanceRow>({
          id: cell.key,
          header: cell.title,
          text: cell.text,
          sortValue: cell.key === 'total' ? (row) => Number(row.total ?? 0) : cell.text,
        }),
      ),
    [columns],
  );

  return (
    <PageFrame title="Lista de Presença">
      <Form.Group controlId="attendance-event" className="mb-3 participants-event">
        <Form.Label>Evento</Form.Label>
        <EventSelect
          events={events}
          value={eventId}
          onChange={setEventId}
          emptyLabel="Selecione o evento"
        />
      </Form.Group>
      {event && (
        <>
          <div className="d-flex flex-wrap justify-content-between align-items-center mb-2 gap-2">
            <h2 className="h5 mb-0">Lista de presença no evento {event.name}</h2>
            <Button
              type="button"
              variant="outline-secondary"
              disabled={rows.length === 0}
              onClick={() => dispatch(attendanceCsvRequested())}
            >
              Baixar CSV
            </Button>
          </div>
          <DataTable<AttendanceRow>
            key={`${eventId}-${columns.length}`}
            label="Lista de presença"
            columns={tableColumns}
            data={rows}
            getRowId={rowId}
            defaultPageSize={100}
            defaultSort={{ id: 'name', desc: false }}
            loading={loading}
          />
        </>
      )}
    </PageFrame>
  );
}
