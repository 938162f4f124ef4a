import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import {
  BADGE_NAME_MAX,
  PARTICIPANT_STATUSES,
  PARTICIPANT_STATUS_LABELS,
  cpfDigits,
  formatCpf,
  isValidCpf,
  type ParticipantStatus,
} from '@balcao/contract';
import { column } from '../../ui/columns';
import { CPF_INVALID_TEXT } from '../../ui/messages';
import { required } from '../../ui/form-field';
import { useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import {
  lookupName,
  refName,
  textOf,
  type TableDefinition,
  type TableToolbarProps,
} from '../../app/tables/definition';
import { selectTable, type TableRow } from '../../app/tables/slice';
import { selectLookups } from '../../app/lookups/slice';
import { TablePage } from '../../app/tables/table-page';
import { PageFrame } from '../../ui/page-frame';
import { EventSelect } from '../../ui/event-select';
import { AnonymizeButton } from './anonymize';
import { ReissuePassButton, SendPassesButton } from './passes';
import './area';

function statusLabel(value: unknown): string {
  return PARTICIPANT_STATUS_LABELS[value as ParticipantStatus] ?? textOf(value);
}

const STATUS_BADGES: Partial<Record<ParticipantStatus, string>> = {
  OK: 'success',
  PAYMENT_ERROR: 'danger',
  FREE: 'info',
  BONUS: 'info',
};

export const participantsTable: TableDefinition<TableRow> = {
  table: 'participants',
  label: 'Participantes',
  itemName: 'participante',
  pageSize: 100,
  Toolbar: ParticipantsToolbar,
  columns: ({ lookups }) => [
    column({ id: 'cpf', header: 'CPF', text: (row) => formatCpf(textOf(row.cpf)) }),
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({
      id: 'status',
      header: 'Situação',
      text: (row) => statusLabel(row.status),
      cell: (row) => (
        <Badge bg={STATUS_BADGES[row.status as ParticipantStatus] ?? 'secondary'}>
          {statusLabel(row.status)}
        </Badge>
      ),
    }),
    column({
      id: 'badge',
      header: 'Credenciamento',
      text: (row) => (row.badge ? 'CONFIRMADO' : 'A CONFIRMAR'),
      cell: (row) =>
        row.badge ? (
          <Badge bg="success">CONFIRMADO</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            A CONFIRMAR
          </Badge>
        ),
    }),
    column({
      id: 'coursewareId',
      header: 'Apostila',
      text: (row) => (row.coursewareId ? 'VINCULADO' : ''),
      cell: (row) => (row.coursewareId ? <Badge bg="primary">VINCULADO</Badge> : null),
    }),
    column({
      id: 'badgePrintCount',
      // Asked for at the desks, printed or still in a printer's queue (docs/accreditation-api.md).
      header: 'Crachás solicitados',
      text: (row) => textOf(row.badgePrintCount ?? 0),
      sortValue: (row) => Number(row.badgePrintCount ?? 0),
    }),
    column({ id: 'pacote', header: 'Pacote', text: (row) => textOf(row.pacote) }),
    column({
      id: 'center',
      header: 'Núcleo',
      text: (row) => refName(row.center) || lookupName(lookups.centers, row.center),
    }),
    column({ id: 'email', header: 'E-mail', text: (row) => textOf(row.email) }),
    column({ id: 'usualName', header: 'Nome no crachá', text: (row) => textOf(row.usualName) }),
  ],
  fields: [
    {
      name: 'cpf',
      label: 'CPF',
      type: 'text',
      placeholder: '000.000.000-00',
      read: (row) => formatCpf(textOf(row.cpf)),
      write: (value) => cpfDigits(String(value)),
      validate: (value) => (isValidCpf(String(value)) ? null : CPF_INVALID_TEXT),
    },
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    {
      name: 'usualName',
      label: 'Nome no crachá',
      type: 'text',
      validate: (value) =>
        String(value).trim().length > BADGE_NAME_MAX
          ? `O nome no crachá tem no máximo ${BADGE_NAME_MAX} caracteres.`
          : null,
    },
    { name: 'email', label: 'E-mail', type: 'text' },
    { name: 'telefone', label: 'Telefone', type: 'text' },
    { name: 'pacote', label: 'Pacote', type: 'text' },
    { name: 'consultor', label: 'Consultor', type: 'text' },
    {
      name: 'status',
      label: 'Situação',
      type: 'select',
      options: PARTICIPANT_STATUSES.map((status) => ({
        value: status,
        label: PARTICIPANT_STATUS_LABELS[status],
      })),
      defaultValue: 'OK',
      validate: required('Escolha a situação.'),
    },
    {
      name: 'center',
      label: 'Núcleo',
      type: 'select',
      reference: true,
      lookup: 'centers',
      emptyOption: 'Nenhum',
    },
    { name: 'business', label: 'Empresa', type: 'text' },
  ],
};

/** The table's own buttons: the passes' (issue #43), then 'Anonimizar participante' (System). */
function ParticipantsToolbar({ selected }: TableToolbarProps) {
  return (
    <>
      <SendPassesButton selected={selected} />
      <ReissuePassButton selected={selected} />
      <AnonymizeButton selected={selected} />
    </>
  );
}

/** The header's accreditation counts: confirmed 'x/y' and the badges printed. */
function ParticipantCounts() {
  const state = useAppSelector(selectTable('participants'));
  const confirmed = Number(state.extras.confirmed ?? 0);
  const prints = Number(state.extras.badgePrints ?? 0);
  return (
    <div className="participants-counts d-flex gap-2 align-items-center" aria-live="polite">
      <span>
        Confirmados{' '}
        <Badge bg="success" aria-label="Confirmados">
          {`${confirmed}/${state.recordsTotal}`}
        </Badge>
      </span>
      <span>
        Crachás solicitados{' '}
        <Badge bg="secondary" aria-label="Crachás solicitados">
          {prints}
        </Badge>
      </span>
    </div>
  );
}

/** 'Gerenciar Participantes' (Participant): an event's participants, with the table editor. */
export function ParticipantsPage() {
  const events = useAppSelector(selectLookups).events ?? [];
  const selected = useAppSelector(selectSelectedEvent);
  const current = useAppSelector(selectTable('participants')).parentId;
  const [eventId, setEventId] = useState<string>(
    () => current ?? (selected ? String(selected.id) : ''),
  );
  const event = events.find((item) => String(item.id) === eventId) ?? null;
  return (
    <PageFrame title="Gerenciar Participantes">
      <Form.Group controlId="participants-event" className="mb-3 participants-event">
        <Form.Label>Evento</Form.Label>
        <EventSelect
          events={events}
          value={event ? eventId : ''}
          onChange={setEventId}
          emptyLabel="Nenhum"
        />
      </Form.Group>
      {event && (
        <>
          <div className="d-flex flex-wrap justify-content-between align-items-center mb-2 gap-2">
            <h2 className="h5 mb-0">Participantes de {event.name}</h2>
            <ParticipantCounts />
          </div>
          <TablePage definition={participantsTable} parentId={eventId} />
        </>
      )}
    </PageFrame>
  );
}
