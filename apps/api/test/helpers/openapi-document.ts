import { issueTokens } from '../../src/auth/tokens.ts';
import { bearer, createUser } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

/** GET /api/openapi.json as a System user, as an OpenAPI tool would download it. */
export async function readOpenApiDocument<Document = Record<string, unknown>>(
  t: TestContext,
): Promise<Document> {
  const admin = await createUser(t.db, { permissions: ['System'] });
  const { accessToken } = await issueTokens(t.db, admin.id, t.config, t.clock.now());
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/openapi.json',
    headers: bearer(accessToken),
  });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/openapi.json: ${response.statusCode} ${response.body}`);
  }
  return response.json<Document>();
}
