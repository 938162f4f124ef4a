import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Access } from './access.ts';
import { OPERATIONS, type FileAnswer } from './openapi-operations.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body as the document shows it, when the route's own schema cannot say it (tables). */
    openapiBody?: Record<string, unknown>;
  }
}

/** Where the document is served (docs/openapi.md). */
export const OPENAPI_PATH = '/openapi.json';

/** Every non-2xx body (DESIGN.md), as the document describes it. */
const ERROR_SCHEMA: Record<string, unknown> = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: { type: 'string', description: 'Código do erro (invalid_request, forbidden, ...).' },
    error_description: { type: 'string', description: 'O motivo, em português.' },
    fieldErrors: {
      type: 'array',
      description: 'Falhas por campo dos editores de tabela (docs/table-protocol.md).',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, status: { type: 'string' } },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const fileContent = (type: string) => ({
  [type]: { schema: { type: 'string', contentMediaType: type } },
});

/** The success of a route without a response schema (`answer` in openapi-operations.ts). */
const FILE_ANSWERS: Record<FileAnswer, Record<string, unknown>> = {
  noContent: { '204': { description: 'Feito; sem corpo.' } },
  pdf: { '200': { description: 'O PDF.', content: fileContent('application/pdf') } },
  png: { '200': { description: 'A imagem PNG.', content: fileContent('image/png') } },
  csv: { '200': { description: 'O CSV (UTF-8).', content: fileContent('text/csv') } },
  zip: { '200': { description: 'O arquivo ZIP.', content: fileContent('application/zip') } },
  sheet: {
    '200': {
      description: 'A planilha, em CSV ou XLSX conforme `format`.',
      content: {
        ...fileContent('text/csv'),
        ...fileContent('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      },
    },
  },
};

/** The key of a route in OPERATIONS: `POST /api/carrinho/pagamento/:id`. */
export const operationKey = (method: string, url: string): string => `${method} ${url}`;

const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/**
 * What the document adds to each /api route's own schema: who may call it (`security`, and
 * `x-access` with the permissions of config.access, which the fuzzer reads) and the error
 * answers. Everything outside /api (the SPA) stays out. Only the document sees this: the routes
 * validate and serialize with their own schemas.
 */
function describeRoute({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: RouteOptions;
}) {
  if (!isApiUrl(url)) return { schema: { ...schema, hide: true }, url };
  const operation = OPERATIONS[operationKey(String(route.method), url)];
  const access = route.config?.access as Access | undefined;
  const guarded = access !== undefined && access !== 'public';
  const response = {
    ...(operation?.answer ? FILE_ANSWERS[operation.answer] : {}),
    ...(schema?.response as Record<string, unknown> | undefined),
    '400': errorResponse('Requisição inválida.'),
    ...(guarded
      ? {
          '401': errorResponse('Sem login, ou token inválido ou vencido.'),
          '403': errorResponse('Sem a permissão da rota.'),
        }
      : {}),
    '4XX': errorResponse('Outro erro do cliente (404, 409, 413, 429...).'),
    '5XX': errorResponse('Erro do servidor (503 quando sobrecarregado).'),
  };
  const body = route.config?.openapiBody ?? schema?.body;
  return {
    schema: {
      operationId: operation?.operationId,
      summary: operation?.summary,
      ...schema,
      ...(body ? { body } : {}),
      response,
      security: guarded ? [{ bearer: [] }] : [],
      'x-access': access ?? 'public',
    },
    url,
  };
}

/**
 * Collects every route's schema as it is registered (nothing more at start: the document is
 * built on its first request and then cached), so it must be registered before the routes.
 */
export async function collectOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: app.config.publicUrl, description: 'PUBLIC_URL' }],
      info: {
        title: 'Balcão API',
        version: '1',
        description:
          'Back-office de eventos. Todo corpo de erro é `{error, error_description}`; `x-access` de cada operação diz quem pode chamá-la (public, signedIn, printer ou as permissões aceitas).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'access_token de POST /api/token (ou o apiToken da impressora nas rotas printer).',
          },
        },
        schemas: { Error: ERROR_SCHEMA as never },
      },
    },
    transform: describeRoute as never,
  });
}

/** Serves the document: to System users, or to anyone when NODE_ENV=development. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const access: Access = app.config.development ? 'public' : ['System'];
  app.get(OPENAPI_PATH, { config: { access }, schema: { hide: true } }, async () => app.swagger());
}
