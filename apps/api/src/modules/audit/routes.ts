import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE } from '@balcao/contract';
import { Id } from '../../http/id-schema.ts';
import { readPeriod } from '../../http/period.ts';
import { auditActor, flushCpfViews, recordExport, watchCpfViews } from './record.ts';
import { auditCsv, auditOptions, auditPage, type AuditFilters } from './service.ts';

const SYSTEM = { access: ['System'] } as const;
const WallClock = Type.String({ maxLength: 32 });
const Filters = {
  usuario: Type.Optional(Id),
  entidade: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  inicio: Type.Optional(WallClock),
  fim: Type.Optional(WallClock),
  busca: Type.Optional(Type.String({ maxLength: 255 })),
};
const Values = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const AuditRow = Type.Object({
  id: Type.Integer(),
  quando: Type.String(),
  usuario_id: Type.Union([Type.Integer(), Type.Null()]),
  usuario: Type.String(),
  ip: Type.String(),
  entidade: Type.String(),
  registro: Type.Union([Type.String(), Type.Null()]),
  acao: Type.String(),
  antes: Values,
  depois: Values,
});

interface FilterQuery {
  usuario?: number;
  entidade?: string;
  inicio?: string;
  fim?: string;
  busca?: string;
}

/** 'Auditoria' (System only): docs/audit-api.md. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const zone = app.config.eventTimeZone;
  watchCpfViews(app.db, app.log);
  // The queued CPF views are written first, so the log read is whole.
  app.addHook('preHandler', async () => flushCpfViews(app.db));
  const filters = (query: FilterQuery): AuditFilters => ({
    userId: query.usuario,
    entity: query.entidade,
    search: query.busca,
    ...readPeriod(query, zone),
  });

  app.get(
    '/audit',
    {
      config: SYSTEM,
      schema: {
        querystring: Type.Object({
          ...Filters,
          pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          por_pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_MAX_PAGE_SIZE })),
        }),
        response: {
          200: Type.Object({ rows: Type.Array(AuditRow), total_linhas: Type.Integer() }),
        },
      },
    },
    async (request) =>
      auditPage(app.db, filters(request.query), {
        page: request.query.pagina ?? 1,
        size: request.query.por_pagina ?? AUDIT_PAGE_SIZE,
      }),
  );

  app.get(
    '/audit/opcoes',
    {
      config: SYSTEM,
      schema: {
        response: {
          200: Type.Object({
            usuarios: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String() })),
            entidades: Type.Array(Type.String()),
          }),
        },
      },
    },
    async () => auditOptions(app.db),
  );

  app.get(
    '/audit/csv',
    { config: SYSTEM, schema: { querystring: Type.Object(Filters) } },
    async (request, reply) => {
      const chosen = filters(request.query);
      // The export itself is audited first, so it is in its own file.
      await recordExport(app.db, auditActor(request), {
        what: 'audit',
        filters: { ...request.query },
        at: app.config.now(),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="Auditoria.csv"')
        .send(auditCsv(app.db, chosen, zone));
    },
  );
};
