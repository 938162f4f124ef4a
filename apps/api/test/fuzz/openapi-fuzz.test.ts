import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokens } from '../../src/auth/tokens.ts';
import { createCourse, createParticipant } from '../helpers/accreditation.ts';
import { bearer, createCenter, createUser } from '../helpers/fixtures.ts';
import { createCategory, createProduct, selectNewEvent } from '../helpers/store.ts';
import { startTestApp, type TestContext } from '../helpers/test-app.ts';
import {
  fuzz,
  type FuzzRequest,
  type Identity,
  type OpenApiDocument,
  type Operation,
} from './openapi-fuzzer.ts';

/**
 * The schema fuzzer (docs/openapi.md): a real server on a fresh database, its published OpenAPI
 * document, and every operation called as the admin and as a user without permissions.
 * FUZZ_SEED replays a run; FUZZ_VALID / FUZZ_INVALID set the requests per operation and identity.
 */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const perOperation = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

let t: TestContext;
let baseUrl: string;
const STAMP = '2025-03-01T12:00:00.000Z';

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Something for valid requests to find: an event selected, places, a product, a participant. */
async function seedRows() {
  const eventId = await selectNewEvent(t.db);
  const centerId = await createCenter(t.db, 'Núcleo Fuzz', 7);
  await createCourse(t.db, 1);
  const categoryId = await createCategory(t.db);
  await createProduct(t.db, { categoryId });
  await createParticipant(t.db, eventId, { center_id: centerId });
  const { id: printerId } = await t.db
    .insertInto('printers')
    .values({
      name: 'Impressora Fuzz',
      serial: null,
      api_token: 'impressora-fuzz',
      date_created: STAMP,
      date_updated: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { printerId, printerToken: 'impressora-fuzz' };
}

/** Routes that end the login they are called with get a login of their own. */
const endsLogin = (operation: Operation) =>
  operation.path === '/api/token/revoke' || operation.path === '/api/users/password/update';

function identity(
  name: string,
  userId: number,
  printerToken: string | null,
  mayCall: Identity['mayCall'],
): Identity {
  let token: string | undefined;
  const fresh = async () => (await issueTokens(t.db, userId, t.config, t.clock.now())).accessToken;
  return {
    name,
    mayCall,
    async authorization(operation) {
      if (operation.access === 'printer' && printerToken) return bearer(printerToken);
      if (endsLogin(operation)) return bearer(await fresh());
      token ??= await fresh();
      return bearer(token);
    },
  };
}

describe('OpenAPI fuzzing', () => {
  it('answers every operation, valid or not, without 5xx, in the error shape, within permissions', async () => {
    const { printerId, printerToken } = await seedRows();
    const admin = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', t.config.adminUser)
      .executeTakeFirstOrThrow();
    const adminProfile = await t.db
      .selectFrom('user_profiles')
      .select('profile_id')
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    const nobody = await createUser(t.db);

    const documentAnswer = await fetch(`${baseUrl}/api/openapi.json`, {
      headers: bearer((await issueTokens(t.db, admin.id, t.config, t.clock.now())).accessToken),
    });
    expect(documentAnswer.status).toBe(200);
    const document = (await documentAnswer.json()) as OpenApiDocument;

    // Not the run's own actors: the admin, its profile, the user without permissions, the printer.
    const untouchable: Record<string, number> = {
      '/api/users/': admin.id,
      '/api/profiles/': adminProfile.profile_id,
      '/api/printers/': printerId,
    };
    const protect = (operation: Operation, request: FuzzRequest): FuzzRequest => {
      for (const [prefix, id] of Object.entries(untouchable)) {
        if (!operation.path.startsWith(prefix) || !/\/(update|delete)\//.test(operation.path))
          continue;
        const match = /\/(update|delete)\/([^/?]+)/.exec(request.url);
        const target = Number(match?.[2]);
        if (target === id || (prefix === '/api/users/' && target === nobody.id)) {
          return {
            ...request,
            url: request.url.replace(/\/(update|delete)\/[^/?]+/, '/$1/999999'),
          };
        }
      }
      return request;
    };

    const started = performance.now();
    const report = await fuzz({
      baseUrl,
      document,
      seed,
      protect,
      identities: [
        // The user without permissions goes first, before the admin's writes change anything.
        {
          identity: identity(
            'sem permissões',
            nobody.id,
            null,
            (access) => access === 'public' || access === 'signedIn',
          ),
          valid: perOperation('FUZZ_VALID', 4) / 2,
          invalid: perOperation('FUZZ_INVALID', 8) / 2,
        },
        {
          identity: identity('admin', admin.id, printerToken, () => true),
          valid: perOperation('FUZZ_VALID', 4),
          invalid: perOperation('FUZZ_INVALID', 8),
        },
      ],
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz (${t.dialect}) seed=${seed}: ${report.operations} operações, ${report.requests} requisições em ${seconds} s; ` +
        `status ${JSON.stringify(report.statuses)}; ${report.findings.length} achados` +
        (report.findings.length > 0 ? `\n${JSON.stringify(report.findings, null, 1)}` : ''),
    );
    if (process.env.FUZZ_REPORT)
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 1));
    expect(report.operations).toBeGreaterThan(100);
    expect(report.findings, `seed ${seed}`).toEqual([]);
  }, 600_000);
});
