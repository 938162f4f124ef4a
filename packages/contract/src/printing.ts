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

/** A printer whose agent has not asked for work for this long is shown as not running. */
export const AGENT_SILENT_MS = 30_000;

/** GET /api/prints/status: a printer this user's prints go to, and whether its agent runs. */
export interface MappedPrinterStatus {
  name: string;
  /** The services of this user mapped to it. */
  services: PrintService[];
  /** When its agent last asked for work (ISO-8601 UTC); null if it never did. */
  agentSeenAt: string | null;
  /** No request from its agent for AGENT_SILENT_MS: what is sent to it waits in the queue. */
  silent: boolean;
}

/** The warning on the desks and the top bar for a printer whose agent is silent. */
export function silentPrinterText(name: string): string {
  return `A impressora ${name} não está recebendo trabalhos: o agente de impressão não pede trabalhos há mais de 30 s. O que for enviado a ela fica na fila.`;
}

/**
 * What a desk says of a print a printer's queue took: the agent may not be running, so never
 * 'impresso' ('Crachá na fila da impressora Balcão 1').
 */
export function queuedPrintText(what: string, printer: string): string {
  return `${what} na fila da impressora ${printer}`;
}

/** The receipt call's answer: the receipt's outcome and, after it, each coupon the order earned. */
export type ReceiptPrintOutcome = PrintOutcome & { coupons: ({ code: string } & PrintOutcome)[] };
