import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { OfflineIssueDto, OfflineOutcome } from '@balcao/contract';
import { useAppSelector } from '../../store/hooks';
import { selectConnection } from '../../app/connection/slice';
import { column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatTime } from '../../ui/formats';
import { selectAccreditation } from './slice';

/** The desk without the server: what it works from, and that its steps wait in a queue. */
export function OfflineDeskNotice() {
  const { online, readAt } = useAppSelector(selectConnection);
  if (online) return null;
  return (
    <Alert variant="warning" className="desk-offline">
      <strong>Sem conexão com o servidor.</strong>{' '}
      {readAt
        ? `A mesa continua com os dados de ${formatTime(readAt)}: o que for feito aqui fica na fila e é enviado quando a conexão voltar.`
        : 'Esta mesa ainda não tem os dados do evento: aguarde a conexão voltar.'}
    </Alert>
  );
}

const OUTCOME_LABELS: Record<OfflineOutcome, string> = {
  applied: 'Aplicada',
  merged: 'Somada',
  refused: 'Recusada',
  dropped: 'Descartada',
};

const KIND_LABELS: Record<OfflineIssueDto['kind'], string> = {
  badge: 'Crachá',
  link: 'Apostila',
};

const COLUMNS = [
  column<OfflineIssueDto>({
    id: 'participantName',
    header: 'Participante',
    text: (row) => row.participantName ?? `#${row.participantId ?? ''}`,
  }),
  column<OfflineIssueDto>({ id: 'kind', header: 'Ação', text: (row) => KIND_LABELS[row.kind] }),
  column<OfflineIssueDto>({
    id: 'outcome',
    header: 'Resultado',
    text: (row) => OUTCOME_LABELS[row.outcome],
  }),
  column<OfflineIssueDto>({ id: 'message', header: 'Motivo', text: (row) => row.message ?? '' }),
  column<OfflineIssueDto>({
    id: 'at',
    header: 'Feita em',
    text: (row) => formatDateTime(row.at),
    sortValue: (row) => row.at,
  }),
  column<OfflineIssueDto>({ id: 'desk', header: 'Mesa', text: (row) => row.desk }),
];

/**
 * 'Pendências da sincronização': the event's offline steps the server merged, refused or dropped
 * (docs/offline-desk.md), for the desk to fix (link the right booklet, send to the commercial desk).
 */
export function SyncIssues() {
  const { syncIssues } = useAppSelector(selectAccreditation);
  if (syncIssues.length === 0) return null;
  return (
    <Card className="mt-3">
      <Card.Body>
        <h2 className="h5">Pendências da sincronização</h2>
        <p className="small text-body-secondary">
          Ações feitas sem conexão que o servidor somou a outra mesa, recusou ou descartou.
        </p>
        <DataTable<OfflineIssueDto>
          label="Pendências da sincronização"
          columns={COLUMNS}
          data={syncIssues}
          getRowId={(row) => row.clientId}
          defaultSort={{ id: 'at', desc: true }}
        />
      </Card.Body>
    </Card>
  );
}
