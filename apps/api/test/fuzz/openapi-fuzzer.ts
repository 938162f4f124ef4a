import fc from 'fast-check';
import type { Access } from '../../src/http/access.ts';
import { TOKEN_INVALID } from '@balcao/contract';
import {
  NASTY_PATH_SEGMENTS,
  NASTY_VALUES,
  invalidArbitrary,
  validArbitrary,
  type JsonSchema,
} from './schema-arbitrary.ts';

/**
 * Schemathesis' job with npm packages (PyPI is unreachable here, docs/openapi.md): every
 * operation of the published OpenAPI document gets schema-valid and schema-violating requests
 * from fast-check, seeded, and each answer is checked against the API's contracts.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  'x-access': Access;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Operation {
  method: string;
  path: string;
  access: Access;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What was broken on purpose, or 'valid'. */
  kind: string;
}

/** Who calls: the admin (all permissions), or a user without any. */
export interface Identity {
  name: string;
  /** Headers to call one operation with (a fresh login for the ones that end a login). */
  authorization(operation: Operation): Promise<Record<string, string>>;
  /** Whether x-access lets this identity in at all (a 2xx otherwise is a finding). */
  mayCall(access: Access): boolean;
}

export interface Finding {
  operation: string;
  identity: string;
  problem: string;
  status: number;
  answer: string;
  request: FuzzRequest;
}

export interface FuzzOptions {
  baseUrl: string;
  document: OpenApiDocument;
  seed: number;
  identities: { identity: Identity; valid: number; invalid: number }[];
  /** Rewrites a request that would wreck the run (the admin deleting itself); see docs/openapi.md. */
  protect?: (operation: Operation, request: FuzzRequest) => FuzzRequest;
  /** Requests slower than this are findings too. */
  timeoutMs?: number;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  requests: number;
  statuses: Record<string, number>;
  findings: Finding[];
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: operation['x-access'],
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** What a client puts in a URL for a value. */
function queryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text);
  return [text(value)];
}

type Part = 'path' | 'query' | 'body' | 'raw' | 'valid';

function requestArbitrary(operation: Operation, part: Part): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((param) =>
      part === 'path'
        ? fc.oneof(
            fc.constantFrom(...NASTY_PATH_SEGMENTS),
            validArbitrary(param.schema).map((v) => encodeURIComponent(text(v))),
          )
        : validArbitrary(param.schema).map((v) => encodeURIComponent(text(v))),
    ),
  );
  const queryArb = fc.record(
    Object.fromEntries(
      queryParams.map((param) => [
        param.name,
        part === 'query'
          ? fc.oneof(validArbitrary(param.schema), fc.constantFrom(...NASTY_VALUES, ['1', '2']))
          : validArbitrary(param.schema),
      ]),
    ),
    {
      requiredKeys: queryParams
        .filter((param) => param.required && part !== 'query')
        .map((param) => param.name),
    },
  );
  const bodyArb: fc.Arbitrary<{ body?: string; contentType?: string }> =
    part === 'raw'
      ? fc.constantFrom(
          { body: '{"data":', contentType: 'application/json' },
          { body: 'não é json', contentType: 'application/json' },
          { body: '', contentType: 'application/json' },
          { body: 'a=1&b[c]=2&b[c][d]=3', contentType: 'application/x-www-form-urlencoded' },
          { body: 'texto puro', contentType: 'text/plain' },
          { body: '[]', contentType: 'application/json' },
          { body: '"\\ud800"', contentType: 'application/json' },
          { body: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
        )
      : operation.body
        ? (part === 'body' ? invalidArbitrary(operation.body) : validArbitrary(operation.body)).map(
            (value) => ({ body: JSON.stringify(value) ?? 'null', contentType: 'application/json' }),
          )
        : part === 'body'
          ? fc.jsonValue({ maxDepth: 2 }).map((value) => ({
              body: JSON.stringify(value),
              contentType: 'application/json',
            }))
          : fc.constant({});
  return fc.tuple(pathArb, queryArb, bodyArb).map(([pathValues, query, body]) => {
    let index = 0;
    const path = operation.path.replace(/\{\w+\}/g, () => pathValues[index++] ?? '1');
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const item of queryValues(value)) search.append(name, item);
    }
    const qs = search.toString();
    return {
      method: operation.method,
      url: qs ? `${path}?${qs}` : path,
      headers: body.contentType
        ? { 'content-type': body.contentType }
        : ({} as Record<string, string>),
      body: body.body,
      kind: part,
    };
  });
}

/**
 * Not one of the frameworks' English sentences ("body must have required property", "Bad
 * Request", "Unsupported Media Type"...): a heuristic, on purpose simple. Quoted input is ignored.
 */
const ENGLISH =
  /\b(the|must|should|is|are|not|invalid|required|unexpected|error|bad|body|querystring|params|property|unsupported|request|too|large|long|client|server|found)\b/i;
export const looksPortuguese = (description: string): boolean =>
  description.trim() !== '' &&
  !ENGLISH.test(description.replace(/"[^"]*"|'[^']*'|: \S+ \/api\S*/g, ''));

function check(
  operation: Operation,
  identity: Identity,
  status: number,
  contentType: string,
  answer: string,
): string | null {
  if (status >= 500) return `resposta ${status}`;
  if (status >= 200 && status < 300 && !identity.mayCall(operation.access)) {
    return `${status} para quem x-access não deixa entrar`;
  }
  if (status >= 400) {
    if (!contentType.includes('application/json'))
      return `erro ${status} sem JSON (${contentType})`;
    let body: unknown;
    try {
      body = JSON.parse(answer);
    } catch {
      return `erro ${status} com JSON inválido`;
    }
    const { error, error_description: description } = (body ?? {}) as Record<string, unknown>;
    if (typeof error !== 'string' || typeof description !== 'string') {
      return `erro ${status} fora do formato {error, error_description}`;
    }
    const documentedEnglish = description === TOKEN_INVALID.error_description && status === 401;
    if (!documentedEnglish && !looksPortuguese(description)) {
      return `erro ${status} sem descrição em português: ${description}`;
    }
  }
  return null;
}

const PARTS_INVALID: readonly Part[] = ['path', 'query', 'body', 'raw'];

/** Runs every operation for every identity; requests are sequential so a run replays by its seed. */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const operations = operationsOf(options.document);
  const report: FuzzReport = {
    seed: options.seed,
    operations: operations.length,
    requests: 0,
    statuses: {},
    findings: [],
  };
  const seen = new Set<string>();
  for (const { identity, valid, invalid } of options.identities) {
    for (const [index, operation] of operations.entries()) {
      const seed = options.seed + index * 7919;
      const requests = [
        ...fc.sample(requestArbitrary(operation, 'valid'), { seed, numRuns: valid }),
        ...fc.sample(
          fc.constantFrom(...PARTS_INVALID).chain((part) => requestArbitrary(operation, part)),
          { seed: seed + 1, numRuns: invalid },
        ),
      ];
      for (const planned of requests) {
        const request = options.protect ? options.protect(operation, planned) : planned;
        const headers = { ...request.headers, ...(await identity.authorization(operation)) };
        let status: number;
        let contentType: string;
        let answer: string;
        try {
          const response = await fetch(options.baseUrl + request.url, {
            method: request.method,
            headers,
            body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
            signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
          });
          status = response.status;
          contentType = response.headers.get('content-type') ?? '';
          answer = await response.text();
        } catch (error) {
          status = 0;
          contentType = '';
          answer = String(error);
        }
        report.requests++;
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        const problem =
          status === 0
            ? `sem resposta: ${answer}`
            : check(operation, identity, status, contentType, answer);
        const name = `${operation.method} ${operation.path}`;
        if (problem && !seen.has(`${name} ${identity.name} ${problem}`)) {
          seen.add(`${name} ${identity.name} ${problem}`);
          report.findings.push({
            operation: name,
            identity: identity.name,
            problem,
            status,
            answer: answer.slice(0, 300),
            request: { ...request, body: request.body?.slice(0, 300) },
          });
        }
      }
    }
  }
  return report;
}
