import Badge from 'react-bootstrap/Badge';
import Alert from 'react-bootstrap/Alert';
import { formatCpf, isMaskedCpf } from '@balcao/contract';
import { actionColumn, column } from '../../ui/columns';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { textOf, type TableDefinition } from '../../app/tables/definition';
import type { TableRow } from '../../app/tables/slice';
import { TablePage } from '../../app/tables/table-page';
import { PageFrame } from '../../ui/page-frame';
import { deskOpenedWithCpf, deskOpenedWithParticipant } from './sagas';
import { RowButton } from '../../ui/row-button';
import { formatEventDateTime } from '../../ui/formats';
import './area';

function DeskButton({ row }: { row: TableRow }) {
  const dispatch = useAppDispatch();
  if (row.status === 'PAYMENT_ERROR') {
    return <Badge bg="danger">PENDÊNCIA: CPF</Badge>;
  }
  return (
    <RowButton
      onClick={() =>
        dispatch(
          isMaskedCpf(textOf(row.cpf))
            ? deskOpenedWithParticipant(Number(row.id))
            : deskOpenedWithCpf(textOf(row.cpf)),
        )
      }
    >
      ir para credenciamento
    </RowButton>
  );
}

/** 'Participantes' (Subscription): the selected event's participants, read-only. */
export const limitedParticipantsTable: TableDefinition<TableRow> = {
  table: 'participantsLimited',
  label: 'Participantes',
  itemName: 'participante',
  pageSize: 100,
  readOnly: true,
  columns: () => [
    column({ id: 'cpf', header: 'CPF', text: (row) => formatCpf(textOf(row.cpf)) }),
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    // Long e-mails wrap, so the accreditation columns stay on screen at a desk's width.
    column({
      id: 'email',
      header: 'E-mail',
      text: (row) => textOf(row.email),
      cell: (row) => <span className="text-wrap text-break">{textOf(row.email)}</span>,
    }),
    column({ id: 'pacote', header: 'Pacote', text: (row) => textOf(row.pacote) }),
    // Who is already accredited, and when: the first badge print at a desk. It does not sort on
    // the server (a subquery there).
    column({
      id: 'accreditedAt',
      header: 'Credenciado em',
      text: (row) =>
        typeof row.accreditedAt === 'string'
          ? formatEventDateTime(row.accreditedAt)
          : 'Não credenciado',
      sortable: false,
    }),
    actionColumn('desk', 'Credenciamento', (row) => <DeskButton row={row} />),
  ],
  fields: [],
};

export function ParticipantsListPage() {
  const event = useAppSelector(selectSelectedEvent);
  return (
    <PageFrame title="Participantes">
      {event ? (
        <>
          <p className="desk-event">
            Evento: <strong>{event.name}</strong>
          </p>
          <TablePage definition={limitedParticipantsTable} parentId={String(event.id)} />
        </>
      ) : (
        <Alert variant="warning" role="alert">
          Nenhum evento selecionado
        </Alert>
      )}
    </PageFrame>
  );
}
