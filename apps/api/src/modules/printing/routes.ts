import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PRINT_SERVICES } from '@balcao/contract';
import { signedIn, signedInPrinter } from '../../auth/access-control.ts';
import {
  claimNextJob,
  finishJob,
  mappedPrinter,
  removeExpiredFiles,
  requeueJob,
} from '../../printing/queue.ts';
import {
  PrintJob,
  listJobs,
  mappedPrinterStatuses,
  readFileFor,
  readJobFile,
  readJobFor,
} from '../../printing/files.ts';
import { Id } from '../../http/id-schema.ts';

const SWEEP_INTERVAL_MS = 15 * 60_000;

const JobId = Type.Object({ id: Id });

/** Print files for browsers, the 'Fila de impressão' page, and the agents' API (apps/print-agent). */
export const printingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();

  // Each instance sweeps expired files now and then; the delete is idempotent across instances.
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    removeExpiredFiles(app.db, now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Falha ao remover arquivos de impressão expirados'),
    );
  app.addHook('onReady', async () => {
    sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.get(
    '/prints/files/:filename',
    {
      config: { access: 'signedIn' },
      schema: { params: Type.Object({ filename: Type.String({ pattern: '^[\\w-]+\\.pdf$' }) }) },
    },
    async (request, reply) => {
      const { filename } = request.params;
      const pdf = await readFileFor(app.db, filename, signedIn(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .send(pdf);
    },
  );

  // Where this user's prints of a service go: a batch asks once, then makes one PDF of all its
  // labels when no printer is mapped, or keeps SPEC's one call per label for a printer's queue.
  app.get(
    '/prints/destination',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: Type.Object({
          service: Type.Union(PRINT_SERVICES.map((s) => Type.Literal(s))),
        }),
        response: { 200: Type.Object({ printer: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    async (request) => {
      const printer = await mappedPrinter(
        app.db,
        signedIn(request).user.username,
        request.query.service,
      );
      return { printer: printer?.name ?? null };
    },
  );

  app.get(
    '/prints/jobs/select',
    {
      config: { access: ['System'] },
      schema: { response: { 200: Type.Object({ data: Type.Array(PrintJob) }) } },
    },
    async () => ({ data: await listJobs(app.db) }),
  );

  // The desk that queued a print follows it here ('Crachá na fila…' until the agent takes it).
  app.get(
    '/prints/jobs/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: JobId, response: { 200: PrintJob } },
    },
    async (request) => readJobFor(app.db, request.params.id, signedIn(request)),
  );

  // The printers this user's prints go to, and whether each one's agent is asking for work.
  app.get(
    '/prints/status',
    {
      config: { access: 'signedIn' },
      schema: {
        response: {
          200: Type.Object({
            printers: Type.Array(
              Type.Object({
                name: Type.String(),
                services: Type.Array(Type.String()),
                agentSeenAt: Type.Union([Type.String(), Type.Null()]),
                silent: Type.Boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      printers: await mappedPrinterStatuses(app.db, signedIn(request).user.username, now()),
    }),
  );

  app.post(
    '/prints/jobs/:id/retry',
    { config: { access: ['System'] }, schema: { params: JobId } },
    async (request, reply) => {
      await requeueJob(app.db, request.params.id, now());
      return reply.code(204).send();
    },
  );

  app.post(
    '/prints/agent/next',
    {
      config: { access: 'printer' },
      schema: {
        response: {
          200: Type.Object({
            id: Type.Integer(),
            kind: Type.String(),
            title: Type.String(),
            filename: Type.String(),
            copies: Type.Integer(),
          }),
          204: Type.Null(),
        },
      },
    },
    async (request, reply) => {
      const job = await claimNextJob(app.db, signedInPrinter(request).id, now());
      if (!job) return reply.code(204).send(null);
      return { ...job, filename: `${job.id}-${job.kind}.pdf` };
    },
  );

  app.get(
    '/prints/agent/jobs/:id/file',
    { config: { access: 'printer' }, schema: { params: JobId } },
    async (request, reply) => {
      const { id } = request.params;
      const pdf = await readJobFile(app.db, signedInPrinter(request).id, id);
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/prints/agent/jobs/:id/done',
    { config: { access: 'printer' }, schema: { params: JobId } },
    async (request, reply) => {
      await finishJob(app.db, signedInPrinter(request).id, request.params.id, now(), {
        status: 'done',
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/prints/agent/jobs/:id/failed',
    {
      config: { access: 'printer' },
      schema: {
        params: JobId,
        body: Type.Object({ error: Type.String({ minLength: 1, maxLength: 2000 }) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await finishJob(app.db, signedInPrinter(request).id, id, now(), {
        status: 'failed',
        error: request.body.error,
      });
      return reply.code(204).send();
    },
  );
};
