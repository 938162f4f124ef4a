import Alert from 'react-bootstrap/Alert';
import { queuedPrintText } from '@balcao/contract';
import type { TestPrintJob } from './slice';

const WHAT = 'Teste de layout';

/** What became of 'Imprimir teste' sent to a printer: in its queue, printed, or why not. */
export function printTestText(job: TestPrintJob): { variant: string; text: string } {
  switch (job.status) {
    case 'queued':
      return { variant: 'info', text: `${queuedPrintText(WHAT, job.printer)}.` };
    case 'printing':
      return { variant: 'info', text: `${WHAT} imprimindo na impressora ${job.printer}.` };
    case 'done':
      return { variant: 'success', text: `${WHAT} impresso na impressora ${job.printer}.` };
    case 'failed':
      return {
        variant: 'danger',
        text: `${WHAT} não impresso na impressora ${job.printer}: ${job.error ?? 'falhou'}. Veja a 'Fila de impressão'.`,
      };
  }
}

export function PrintTestStatus({ job }: { job: TestPrintJob | null }) {
  const shown = job && printTestText(job);
  return (
    <div role="status" aria-live="polite">
      {shown && (
        <Alert variant={shown.variant} className="py-2">
          {shown.text}
        </Alert>
      )}
    </div>
  );
}
