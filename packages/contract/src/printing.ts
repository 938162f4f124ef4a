/** SPEC.md section 3: the print services a printer mapping routes, with their pt-BR labels. */
export const PRINT_SERVICES = [
  'BADGE',
  'COUPON',
  'PRODUCT',
  'CHECKOUT',
  'DELIVERY',
  'COURSEWARE',
] as const;

export type PrintService = (typeof PRINT_SERVICES)[number];

export const PRINT_SERVICE_LABELS: Record<PrintService, string> = {
  BADGE: 'Crachá',
  COUPON: 'Cupom',
  PRODUCT: 'Produto',
  CHECKOUT: 'Caixa',
  DELIVERY: 'Expedição',
  COURSEWARE: 'Selo',
};

export const PRINT_JOB_STATUSES = ['queued', 'printing', 'done', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

export const PRINT_JOB_STATUS_LABELS: Record<PrintJobStatus, string> = {
  queued: 'Na fila',
  printing: 'Imprimindo',
  done: 'Impresso',
  failed: 'Falhou',
};

/** A row of 'Fila de impressão' (GET /api/prints/jobs/select). */
export interface PrintJob {
  id: number;
  printer: { id: number; name: string };
  /** The username that printed. */
  origin: string;
  service: PrintService;
  kind: string;
  title: string;
  copies: number;
  status: PrintJobStatus;
  attempts: number;
  error: string | null;
  /** False once the file expired: the job can no longer be reprinted. */
  fileAvailable: boolean;
  dateCreated: string;
  dateUpdated: string;
}

/** What a print call answers: the file for the browser's print dialog, or the queued job. */
export type PrintOutcome = { filename: string } | { jobId: number; printer: string };
