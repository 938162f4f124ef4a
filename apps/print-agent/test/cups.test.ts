import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentOptions } from '../src/agent.js';
import { Cups, cupsAvailable, pdfInfo } from './cups.ts';
import {
  BADGE_SIZE_MM,
  COURSEWARE_LABEL_SIZE_MM,
  RECEIPT_WIDTH_MM,
  TAG_SHEET_SIZE_MM,
  badge,
  coursewareLabels,
  paymentReceipt,
  productTags,
} from './documents.ts';
import { PrintServer, runTestAgent } from './print-server.ts';

const TOKEN = 'token-da-impressora';
/** A receipt printer's queue: 80 mm roll, pages up to 297 mm long (the driver cuts after them). */
const RECEIPT_ROLL_MM = { widthMm: RECEIPT_WIDTH_MM, heightMm: 297 };
const size = (page: { width: number; height: number }) => ({
  widthMm: page.width,
  heightMm: page.height,
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regular expression for exactly this text, where {n} stands for a job number, {*} for any text. */
const exactly = (text: string) =>
  new RegExp(
    `^${text
      .split(/(\{n\}|\{\*\})/)
      .map((part) => (part === '{n}' ? '\\d+' : part === '{*}' ? '.+' : escape(part)))
      .join('')}$`,
  );

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (!cupsAvailable) {
  console.warn('cups.test.ts: pulado; instale cups, cups-pdf e poppler-utils e rode como root.');
}

// Ghostscript makes every PDF (cups-pdf): allow for a busy CI machine beyond the 5 s default.
describe.skipIf(!cupsAvailable)(
  'printing through CUPS (a private cupsd, cups-pdf queues)',
  { timeout: 30_000 },
  () => {
    let cups: Cups;
    let server: PrintServer;
    let logs: string[];
    let stop: AbortController;
    let running: Promise<void> | null;
    let queues = 0;

    beforeAll(async () => {
      cups = await Cups.start();
      // The agent's lp and its questions to CUPS go to the private cupsd, in lp's own words.
      process.env.CUPS_SERVER = cups.env.CUPS_SERVER;
      process.env.LC_ALL = 'C';
    }, 30_000);

    afterAll(async () => {
      delete process.env.CUPS_SERVER;
      await cups?.stop();
    });

    beforeEach(async () => {
      server = new PrintServer(TOKEN);
      await server.start();
      logs = [];
      stop = new AbortController();
      running = null;
    });

    afterEach(async () => {
      stop.abort();
      await running;
      await server.stop();
    });

    /** A fresh cups-pdf queue for each test, so that no test sees another's jobs. */
    async function queue(name: string, page: { widthMm: number; heightMm: number }) {
      const unique = `${name}-${++queues}`;
      await cups.addQueue(unique, page);
      return unique;
    }

    function start(queueName: string, overrides: Partial<AgentOptions> = {}) {
      const destination = { type: 'printer', queue: queueName, lpCommand: 'lp' } as const;
      running = runTestAgent(server, destination, { signal: stop.signal, logs, ...overrides });
      return running;
    }

    const status = (id: string) => server.job(id)?.status;
    const settled = (id: string) => status(id) === 'done' || status(id) === 'failed';

    it.each([
      ['BADGE', 'cracha', size(BADGE_SIZE_MM), () => badge('Conceição'), 1, size(BADGE_SIZE_MM)],
      [
        'COURSEWARE',
        'selo',
        size(COURSEWARE_LABEL_SIZE_MM),
        () => coursewareLabels(3),
        3,
        size(COURSEWARE_LABEL_SIZE_MM),
      ],
      [
        'PRODUCT',
        'etiquetas',
        size(TAG_SHEET_SIZE_MM),
        () => productTags(2),
        2,
        size(TAG_SHEET_SIZE_MM),
      ],
      ['CHECKOUT', 'cupom-80', RECEIPT_ROLL_MM, paymentReceipt, 1, RECEIPT_ROLL_MM],
    ])(
      'prints a %s job on a queue of its page size: the PDF comes out with its pages and size',
      async (kind, name, page, render, pages, printed) => {
        const printer = await queue(name, page);
        server.add({ id: '1', kind, title: `Balcão ${kind}`, pdf: await render() });
        start(printer);

        await waitFor(() => settled('1'), 'o trabalho');
        expect(server.job('1')?.error).toBeUndefined();
        expect(status('1')).toBe('done');
        const [pdf, ...others] = await cups.pdfs(printer);
        expect(others).toEqual([]);
        expect(await pdfInfo(pdf ?? '')).toEqual({ pages, ...printed });
        expect(logs).toContainEqual(
          expect.stringMatching(
            exactly(`INFO Trabalho 1 impresso (fila ${printer}, trabalho ${printer}-{n} do CUPS).`),
          ),
        );
      },
    );

    it('fails a job on a stopped queue, cancelling it in CUPS, and prints again once re-enabled', async () => {
      const printer = await queue('cracha', size(BADGE_SIZE_MM));
      await cups.command('cupsdisable', ['-r', 'Sem etiquetas', printer]);
      server.add({ id: '1', kind: 'BADGE', title: 'Crachá Ana', pdf: await badge('Ana') });
      start(printer);

      await waitFor(() => settled('1'), 'a falha');
      expect(status('1')).toBe('failed');
      const reason =
        `a fila ${printer} está parada no CUPS (Sem etiquetas); o trabalho ${printer}-{n} foi ` +
        `cancelado no CUPS. Reative-a com "cupsenable ${printer}" e reimprima pela 'Fila de impressão'.`;
      expect(server.job('1')?.error).toMatch(exactly(reason));
      expect(logs).toContainEqual(
        expect.stringMatching(exactly(`ERRO Trabalho 1 falhou: ${reason}`)),
      );
      // Cancelled, so that re-enabling the queue does not print it beside its reprint.
      expect(await cups.unfinished(printer)).toEqual([]);

      await cups.command('cupsenable', [printer]);
      server.add({ id: '2', kind: 'BADGE', title: 'Crachá Bia', pdf: await badge('Bia') });
      await waitFor(() => settled('2'), 'o trabalho depois de reativar a fila');
      expect(status('2')).toBe('done');
      const pdfs = await cups.pdfs(printer);
      expect(pdfs).toHaveLength(1);
      expect(await pdfInfo(pdfs[0] ?? '')).toEqual({ pages: 1, ...size(BADGE_SIZE_MM) });
    });

    it('fails at once on a queue that rejects jobs or does not exist, with lp’s words', async () => {
      const printer = await queue('cracha', size(BADGE_SIZE_MM));
      await cups.command('cupsreject', ['-r', 'Manutenção', printer]);
      server.add({ id: '1', kind: 'BADGE', title: 'Crachá', pdf: await badge('Ana') });
      start(printer);
      await waitFor(() => settled('1'), 'a recusa');
      expect(server.job('1')?.error).toMatch(/^lp falhou: .*not accepting jobs/);

      stop.abort();
      await running;
      stop = new AbortController();
      server.add({ id: '2', kind: 'BADGE', title: 'Crachá', pdf: await badge('Bia') });
      start('nao-existe');
      await waitFor(() => settled('2'), 'a fila inexistente');
      expect(server.job('2')?.error).toBe(
        'lp falhou: lp: Error - The printer or class does not exist.',
      );
      expect(logs.filter((line) => line.startsWith('ERRO Trabalho'))).toHaveLength(2);
    });

    it('fails a job CUPS stops (a PDF its filters cannot read) and goes on to the next', async () => {
      const printer = await queue('cracha', size(BADGE_SIZE_MM));
      server.add({
        id: '1',
        kind: 'BADGE',
        title: 'Quebrado',
        pdf: Buffer.from('%PDF-1.4\nlixo\n'),
      });
      server.add({ id: '2', kind: 'BADGE', title: 'Crachá', pdf: await badge('Ana') });
      start(printer);

      await waitFor(() => settled('1') && settled('2'), 'os dois trabalhos');
      expect(server.job('1')?.error).toMatch(
        exactly(`o CUPS parou o trabalho ({*}); o trabalho ${printer}-{n} foi cancelado no CUPS.`),
      );
      expect(status('2')).toBe('done');
      // cups-pdf may have made a PDF of what reached it of the broken job; the good one comes last.
      const pdfs = await cups.pdfs(printer);
      expect(await pdfInfo(pdfs.at(-1) ?? '')).toEqual({ pages: 1, ...size(BADGE_SIZE_MM) });
      expect(await cups.unfinished(printer)).toEqual([]);
    });

    it('cancels and fails a job CUPS still holds when the job timeout runs out', async () => {
      const printer = await queue('cracha', size(BADGE_SIZE_MM));
      await cups.command('lpadmin', ['-p', printer, '-o', 'job-hold-until-default=indefinite']);
      server.add({ id: '1', kind: 'BADGE', title: 'Crachá', pdf: await badge('Ana') });
      start(printer, {
        destination: { type: 'printer', queue: printer, lpCommand: 'lp', jobTimeoutMs: 1_000 },
      });

      await waitFor(() => settled('1'), 'o tempo esgotado');
      expect(server.job('1')?.error).toMatch(
        exactly(
          `o CUPS não concluiu o trabalho em 1 s (retido na fila); o trabalho ${printer}-{n} foi ` +
            'cancelado no CUPS.',
        ),
      );
      expect(await cups.unfinished(printer)).toEqual([]);
      expect(await cups.pdfs(printer)).toEqual([]);
    });

    it('keeps retrying a confirmation the server could not take, without printing twice', async () => {
      const printer = await queue('cracha', size(BADGE_SIZE_MM));
      server.add({ id: '1', kind: 'BADGE', title: 'Crachá', pdf: await badge('Ana') });
      server.failNext('file', 2);
      server.failNext('done', 3);
      start(printer);

      await waitFor(() => status('1') === 'done', 'a confirmação');
      expect(await cups.pdfs(printer)).toHaveLength(1);
    });
  },
);
