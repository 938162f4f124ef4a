import type { Permission } from '@balcao/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './test-app.ts';
import { bearer, createUser, login } from './fixtures.ts';

/** A form body written as the SPA writes it: raw bracket keys, encoded values. */
export const form = (fields: Record<string, string> | [string, string][]): string =>
  (Array.isArray(fields) ? fields : Object.entries(fields))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** `{name: 'x', 'city][id': '3'}` under `data[row]`: `data[0][name]=x&data[0][city][id]=3`. */
export const rowForm = (row: number | string, fields: Record<string, string>): string =>
  form(
    Object.entries(fields).map(([key, value]): [string, string] => [`data[${row}][${key}]`, value]),
  );

export interface TableCaller {
  token: string;
  userId: number;
  select(path: string, query?: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: string): Promise<LightMyRequestResponse>;
  insert(path: string, fields: Record<string, string>): Promise<LightMyRequestResponse>;
  update(
    path: string,
    id: number | string,
    fields: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  remove(path: string, id: number | string): Promise<LightMyRequestResponse>;
}

/** Signs in a new user with these permissions and calls tables as them, form-encoded. */
export async function tableCaller(
  t: TestContext,
  permissions: readonly Permission[],
): Promise<TableCaller> {
  const user = await createUser(t.db, { permissions });
  const { access_token: token } = await login(t.app, user);
  const post = (url: string, body?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body ?? '',
    });
  return {
    token,
    userId: user.id,
    select: (path, query) =>
      t.app.inject({
        method: 'GET',
        url: `/api${path}/select${query ? `?${query}` : ''}`,
        headers: bearer(token),
      }),
    post,
    insert: (path, fields) => post(`/api${path}/insert`, rowForm(0, fields)),
    update: (path, id, fields) => post(`/api${path}/update/${id}`, rowForm(id, fields)),
    remove: (path, id) =>
      post(`/api${path}/delete/${id}`, form({ [`data[${id}][id]`]: String(id) })),
  };
}

/** The one row of a `{data: [row]}` answer. */
export function onlyRow<Row = Record<string, unknown>>(response: {
  statusCode: number;
  body: string;
  json: <T>() => T;
}): Row {
  if (response.statusCode !== 200) {
    throw new Error(`esperava 200, veio ${response.statusCode}: ${response.body}`);
  }
  const { data } = response.json<{ data: Row[] }>();
  if (data.length !== 1 || !data[0]) throw new Error(`esperava uma linha: ${response.body}`);
  return data[0];
}
