import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import { REPORTS, type ReportDeclaration, type ReportPage } from '@balcao/contract';
import { reportCsv } from './csv.ts';
import { readFilters } from './filters.ts';
import { dashboard, runReport } from './service.ts';

const ACCESS = ['Report'] as const;
const Id = Type.Integer({ minimum: 1 });
const WallClock = Type.String({ maxLength: 32 });
const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
const ReportResultSchema = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Cell)),
  totals: Type.Record(Type.String(), Type.Number()),
});

/** The query string a declaration takes: eventId, inicio, fim and its own filters. */
function querySchema(declaration: ReportDeclaration): TSchema {
  const own = Object.fromEntries(declaration.filters.map((name) => [name, Type.Optional(Id)]));
  return Type.Object({
    eventId: Id,
    inicio: Type.Optional(WallClock),
    fim: Type.Optional(WallClock),
    ...own,
  });
}

/** Every declared report as JSON and as CSV (docs/reports-api.md); only users with Report. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const zone = app.config.eventTimeZone;

  app.get(
    '/reports/dashboard',
    {
      config: { access: ACCESS },
      schema: {
        querystring: Type.Object({ eventId: Id }),
        response: {
          200: Type.Object({ total: Type.Number(), pago: Type.Number(), a_receber: Type.Number() }),
        },
      },
    },
    async (request) => dashboard(app.db, request.query.eventId),
  );

  for (const page of Object.keys(REPORTS) as ReportPage[]) {
    const declaration: ReportDeclaration = REPORTS[page];
    const querystring = querySchema(declaration);
    app.get(
      `/reports/${declaration.path}`,
      {
        config: { access: ACCESS },
        schema: { querystring, response: { 200: ReportResultSchema } },
      },
      async (request) => runReport(app.db, page, readFilters(request.query as never, zone)),
    );
    app.get(
      `/reports/${declaration.path}/csv`,
      { config: { access: ACCESS }, schema: { querystring } },
      async (request, reply) => {
        const result = await runReport(app.db, page, readFilters(request.query as never, zone));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${declaration.fileName}.csv"`)
          .send(reportCsv(declaration.columns, result, zone));
      },
    );
  }
};
