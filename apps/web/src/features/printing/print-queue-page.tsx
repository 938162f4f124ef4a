import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import {
  PRINT_JOB_STATUS_LABELS,
  PRINT_SERVICE_LABELS,
  type PrintJob,
  type PrintJobStatus,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/formats';
import { PageFrame } from '../../ui/page-frame';
import { jobsRequested, reprintRequested, selectPrinting } from '../../app/printing/slice';
import './area';

const STATUS_VARIANTS: Record<PrintJobStatus, string> = {
  queued: 'secondary',
  printing: 'info',
  done: 'success',
  failed: 'danger',
};

const canReprint = (job: PrintJob | null): job is PrintJob =>
  job !== null && job.fileAvailable && (job.status === 'done' || job.status === 'failed');

/** 'Fila de impressão' (System): what each mapped printer printed, is printing or failed. */
export function PrintQueuePage() {
  const dispatch = useAppDispatch();
  const { jobs, loading, retryingId } = useAppSelector(selectPrinting);

  const columns = useMemo(
    () => [
      column<PrintJob>({
        id: 'dateCreated',
        header: 'Pedido em',
        text: (job) => formatDateTime(job.dateCreated),
        // Ids grow with time and break ties between jobs of the same second.
        sortValue: (job) => job.id,
      }),
      column<PrintJob>({ id: 'title', header: 'Documento', text: (job) => job.title }),
      column<PrintJob>({
        id: 'service',
        header: 'Serviço',
        text: (job) => PRINT_SERVICE_LABELS[job.service] ?? job.service,
      }),
      column<PrintJob>({ id: 'printer', header: 'Impressora', text: (job) => job.printer.name }),
      column<PrintJob>({ id: 'origin', header: 'Origem', text: (job) => job.origin }),
      column<PrintJob>({
        id: 'status',
        header: 'Situação',
        text: (job) => PRINT_JOB_STATUS_LABELS[job.status],
        cell: (job) => (
          <Badge bg={STATUS_VARIANTS[job.status]}>{PRINT_JOB_STATUS_LABELS[job.status]}</Badge>
        ),
      }),
      column<PrintJob>({
        id: 'attempts',
        header: 'Tentativas',
        text: (job) => String(job.attempts),
        sortValue: (job) => job.attempts,
      }),
      column<PrintJob>({ id: 'error', header: 'Erro', text: (job) => job.error ?? '' }),
    ],
    [],
  );

  return (
    <PageFrame title="Fila de impressão">
      <DataTable<PrintJob>
        label="Fila de impressão"
        columns={columns}
        data={jobs}
        getRowId={(job) => String(job.id)}
        loading={loading}
        defaultSort={{ id: 'dateCreated', desc: true }}
        toolbar={(selected) => (
          <>
            <Button variant="outline-secondary" onClick={() => dispatch(jobsRequested())}>
              Atualizar
            </Button>
            <Button
              variant="outline-primary"
              disabled={!canReprint(selected) || retryingId !== null}
              onClick={() => selected && dispatch(reprintRequested({ id: selected.id }))}
            >
              {retryingId !== null && retryingId === selected?.id ? 'Processando' : 'Reimprimir'}
            </Button>
          </>
        )}
      />
    </PageFrame>
  );
}
