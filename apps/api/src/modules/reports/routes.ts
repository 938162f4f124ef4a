import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import {
  REPORTS,
  REPORT_MAX_PAGE_SIZE,
  REPORT_PAGE_SIZE,
  type ReportDeclaration,
  type ReportPage,
  type ReportPaging,
} from '@balcao/contract';
import { invalidRequest } from '../../http/api-error.ts';
import { auditActor, recordExport } from '../audit/index.ts';
import { maskCpfFields, seesFullCpf } from '../../auth/cpf-privacy.ts';
import { csvStream, csvText } from '../../http/csv.ts';
import { reportLines, reportTotalsLine } from './csv.ts';
import { readFilters, type PageRequest } from './filters.ts';
import { dashboard, runReport, streamReport } from './service.ts';
import { foldSales } from './summary.ts';
import { Id } from '../../http/id-schema.ts';

const ACCESS = ['Report'] as const;
const WallClock = Type.String({ maxLength: 32 });
const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
const ReportResultSchema = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Cell)),
  totals: Type.Record(Type.String(), Type.Number()),
  total_linhas: Type.Optional(Type.Integer()),
});
const PAGING = {
  pagina: Type.Optional(Id),
  por_pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORT_MAX_PAGE_SIZE })),
  ordem: Type.Optional(Type.String({ maxLength: 64 })),
  direcao: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};

/** The page asked of a paged report; an unknown column to sort by → 400. */
function readPaging(declaration: ReportDeclaration, query: ReportPaging): PageRequest {
  const order = query.ordem ?? null;
  if (order !== null && !declaration.columns.some((column) => column.key === order)) {
    throw invalidRequest(`Coluna de ordenação desconhecida: ${order}.`);
  }
  return {
    page: query.pagina ?? 1,
    size: query.por_pagina ?? REPORT_PAGE_SIZE,
    order,
    descending: query.direcao === 'desc',
  };
}

/** The query string a declaration takes: eventId, inicio, fim and its own filters. */
function querySchema(declaration: ReportDeclaration, paged: boolean): TSchema {
  const own = Object.fromEntries(declaration.filters.map((name) => [name, Type.Optional(Id)]));
  return Type.Object({
    eventId: Id,
    inicio: Type.Optional(WallClock),
    fim: Type.Optional(WallClock),
    ...own,
    ...(declaration.search ? { busca: Type.Optional(Type.String({ maxLength: 100 })) } : {}),
    ...(paged ? PAGING : {}),
  });
}

/** Every declared report as JSON and as CSV (docs/reports-api.md); only users with Report. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const zone = app.config.eventTimeZone;

  // The sales of the last moments join the summaries in the background, in batches; a report
  // folds what is left before it reads. Another instance folding meanwhile: this one skips a turn.
  let folder: NodeJS.Timeout | undefined;
  let folding: Promise<unknown> | null = null;
  const fold = () => {
    folding ??= foldSales(app.db, { wait: false })
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'Falha ao somar as vendas recentes aos relatórios'),
      )
      .finally(() => (folding = null));
  };
  app.addHook('onReady', async () => {
    const every = app.config.reportFoldInterval;
    if (every > 0) folder = setInterval(fold, every).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(folder);
    await folding;
  });

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

  // The report pages' 'Produto' filter: every product by name (the tables' list stops at 100).
  app.get(
    '/reports/produtos',
    {
      config: { access: ACCESS },
      schema: {
        response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) },
      },
    },
    async () => app.db.selectFrom('products').select(['id', 'name']).orderBy('name').execute(),
  );

  for (const page of Object.keys(REPORTS) as ReportPage[]) {
    const declaration: ReportDeclaration = REPORTS[page];
    // SPEC.md section 2: the courseware reports exist only in the production app mode.
    if (declaration.productionOnly && app.config.appMode !== 'production') continue;
    const access = declaration.access ?? ACCESS;
    const paged = declaration.paged === true;
    app.get(
      `/reports/${declaration.path}`,
      {
        config: { access },
        schema: {
          querystring: querySchema(declaration, paged),
          response: { 200: ReportResultSchema },
        },
      },
      async (request) =>
        runReport(
          app.db,
          page,
          readFilters(request.query as never, zone),
          paged ? readPaging(declaration, request.query as ReportPaging) : undefined,
        ),
    );
    app.get(
      `/reports/${declaration.path}/csv`,
      { config: { access }, schema: { querystring: querySchema(declaration, false) } },
      async (request, reply) => {
        const filters = readFilters(request.query as never, zone);
        // The hook that masks JSON answers does not see a CSV stream: masked here the same way.
        const fullCpf = seesFullCpf(request);
        const actor = auditActor(request);
        const report = streamReport(app.db, page, filters);
        async function* lines(): AsyncGenerator<string> {
          let rows = 0;
          yield* csvText(report.batches, (slice) => {
            rows += slice.length;
            return reportLines(
              declaration.columns,
              fullCpf ? slice : (maskCpfFields(slice) as typeof slice),
              zone,
            );
          });
          // Recorded once every row is read, before the last line leaves.
          await recordExport(app.db, actor, {
            what: `reports/${declaration.path}`,
            filters: request.query as Record<string, unknown>,
            rows,
            at: app.config.now(),
          });
          yield reportTotalsLine(declaration.columns, await report.totals(), zone);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${declaration.fileName}.csv"`)
          .send(
            csvStream(
              declaration.columns.map((column) => column.label),
              lines(),
            ),
          );
      },
    );
  }
};
