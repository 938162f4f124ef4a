import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  type PermissionRow,
  type ProfileRow,
  type TableListResponse,
  type UserRow,
} from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createCenter, createProfile, createUser, login } from './helpers/fixtures.ts';
import { form, onlyRow, tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let admin: TableCaller; // System
let clerk: TableCaller; // Checkout only
let permissionIds: Map<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await tableCaller(t, ['System']);
  clerk = await tableCaller(t, ['Checkout']);
  const rows = await t.db.selectFrom('permissions').select(['id', 'name']).execute();
  permissionIds = new Map(rows.map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

const pid = (name: string): string => String(permissionIds.get(name));

describe('permissions select', () => {
  it('lists every permission with its friendly name, in SPEC order', async () => {
    const response = await admin.select('/permissions');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: PermissionRow[] }>();
    expect(data.map((row) => row.name)).toEqual([...PERMISSIONS]);
    expect(data.find((row) => row.name === 'Checkout')).toEqual({
      id: permissionIds.get('Checkout'),
      name: 'Checkout',
      friendlyName: 'Caixa',
    });
    expect((await clerk.select('/permissions')).statusCode).toBe(403);
  });
});

describe('profiles', () => {
  it('creates with permissions[0][id], permissions[1][id] and edits with permissions[][id]', async () => {
    const created = onlyRow<ProfileRow>(
      await admin.post(
        '/api/profiles/insert',
        form([
          ['data[0][name]', 'Caixa'],
          ['data[0][permissions][0][id]', pid('Checkout')],
          ['data[0][permissions][1][id]', pid('Delivery')],
        ]),
      ),
    );
    expect(created.name).toBe('Caixa');
    expect(created.permissions.map((p) => p.name).sort()).toEqual(['Checkout', 'Delivery']);
    expect(created.permissions[0]).toHaveProperty('friendlyName');

    const edited = onlyRow<ProfileRow>(
      await admin.post(
        `/api/profiles/update/${created.id}`,
        form([
          [`data[${created.id}][permissions][][id]`, pid('Store')],
          [`data[${created.id}][permissions][][id]`, pid('Checkout')],
          [`data[${created.id}][permissions][][id]`, pid('Report')],
        ]),
      ),
    );
    expect(edited.name).toBe('Caixa');
    expect(edited.permissions.map((p) => p.name).sort()).toEqual(['Checkout', 'Report', 'Store']);

    const emptied = onlyRow<ProfileRow>(
      await admin.post(`/api/profiles/update/${created.id}`, `data[${created.id}][permissions]=`),
    );
    expect(emptied.permissions).toEqual([]);
    expect((await admin.remove('/profiles', created.id)).statusCode).toBe(200);
  });

  it('validates name and permission ids', async () => {
    await createProfile(t.db, 'Perfil Repetido', []);
    const response = await admin.post(
      '/api/profiles/insert',
      form([
        ['data[0][name]', 'perfil repetido'],
        ['data[0][permissions][0][id]', '99999'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Já existe um perfil com este nome.' },
      { name: 'permissions', status: 'Permissão não encontrada.' },
    ]);
  });

  it('refuses to remove a profile users hold (409)', async () => {
    const profileId = await createProfile(t.db, 'Em uso', ['Store']);
    await createUser(t.db, { profileIds: [profileId] });
    const response = await admin.remove('/profiles', profileId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Este perfil está atribuído a usuários e não pode ser removido.',
    );
  });

  it('needs System', async () => {
    expect((await clerk.select('/profiles')).statusCode).toBe(403);
    expect((await clerk.insert('/profiles', { name: 'X' })).statusCode).toBe(403);
  });
});

describe('users', () => {
  let centerId: number;
  let profileId: number;
  let categoryId: number;
  beforeAll(async () => {
    centerId = await createCenter(t.db, 'Núcleo Central', 500);
    profileId = await createProfile(t.db, 'Vendedor', ['Store']);
    const stamp = '2025-03-01T12:00:00.000Z';
    categoryId = (
      await t.db
        .insertInto('product_categories')
        .values({ name: 'Livros', type: 'Produto', date_created: stamp, date_updated: stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  const newUserForm = (username: string, extra: [string, string][] = []) =>
    form([
      ['data[0][active]', 'true'],
      ['data[0][name]', `Nome ${username}`],
      ['data[0][username]', username],
      ['data[0][password1]', 'senha-nova-123'],
      ['data[0][password2]', 'senha-nova-123'],
      ...extra,
    ]);

  it('creates a user with center, profiles, permissions and categories, never answering the password', async () => {
    const response = await admin.post(
      '/api/users/insert',
      newUserForm('maria', [
        ['data[0][center][id]', String(centerId)],
        ['data[0][profiles][0][id]', String(profileId)],
        ['data[0][permissions][][id]', pid('Checkout')],
        ['data[0][productCategories][][id]', String(categoryId)],
      ]),
    );
    const row = onlyRow<UserRow>(response);
    expect(row).toMatchObject({
      active: true,
      name: 'Nome maria',
      username: 'maria',
      center: { id: centerId, name: 'Núcleo Central' },
      profiles: [{ id: profileId, name: 'Vendedor' }],
      permissions: [{ id: permissionIds.get('Checkout'), name: 'Checkout', friendlyName: 'Caixa' }],
      productCategories: [{ id: categoryId, name: 'Livros' }],
    });
    expect(response.body).not.toMatch(/password|senha-nova|argon/i);
    const signedIn = await login(t.app, { username: 'maria', password: 'senha-nova-123' });
    expect(signedIn.permissions).toEqual(['Store', 'Checkout']);
  });

  it('requires matching passwords of 8+ characters on create', async () => {
    const missing = await admin.post(
      '/api/users/insert',
      form([
        ['data[0][name]', 'Sem senha'],
        ['data[0][username]', 'semsenha'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual([{ name: 'password1', status: 'Informe a senha.' }]);

    const short = await admin.post(
      '/api/users/insert',
      form([
        ['data[0][name]', 'Curta'],
        ['data[0][username]', 'curta'],
        ['data[0][password1]', 'curta'],
        ['data[0][password2]', 'outra'],
      ]),
    );
    expect(short.json().fieldErrors).toEqual([
      { name: 'password1', status: 'A senha deve ter pelo menos 8 caracteres.' },
      { name: 'password2', status: 'A confirmação não confere com a senha.' },
    ]);
  });

  it('refuses a duplicate username, whatever the case, and unknown references', async () => {
    await createUser(t.db, { username: 'joao' });
    const response = await admin.post(
      '/api/users/insert',
      newUserForm('JOAO', [
        ['data[0][center][id]', '999999'],
        ['data[0][profiles][0][id]', '999999'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'username', status: 'Já existe um usuário com este nome de usuário.' },
      { name: 'center', status: 'Núcleo não encontrado.' },
      { name: 'profiles', status: 'Perfil não encontrado.' },
    ]);
  });

  it('edits without a password, keeping it, and clears lists with an empty value', async () => {
    const user = await createUser(t.db, {
      username: 'pedro',
      profileIds: [profileId],
      centerId,
    });
    const row = onlyRow<UserRow>(
      await admin.post(
        `/api/users/update/${user.id}`,
        form([
          [`data[${user.id}][name]`, 'Pedro Álvares'],
          [`data[${user.id}][profiles]`, ''],
          [`data[${user.id}][center][id]`, ''],
          [`data[${user.id}][password1]`, ''],
          [`data[${user.id}][password2]`, ''],
        ]),
      ),
    );
    expect(row).toMatchObject({ name: 'Pedro Álvares', profiles: [], center: null });
    await login(t.app, user); // same password as before
  });

  it('replaces profiles given as data[7][profiles][0][id] and data[7][profiles][][id]', async () => {
    const other = await createProfile(t.db, 'Outro', ['Delivery']);
    const user = await createUser(t.db, { profileIds: [profileId] });
    const indexed = onlyRow<UserRow>(
      await admin.post(
        `/api/users/update/${user.id}`,
        form([[`data[${user.id}][profiles][0][id]`, String(other)]]),
      ),
    );
    expect(indexed.profiles.map((p) => p.id)).toEqual([other]);
    const appended = onlyRow<UserRow>(
      await admin.post(
        `/api/users/update/${user.id}`,
        form([
          [`data[${user.id}][profiles][][id]`, String(profileId)],
          [`data[${user.id}][profiles][][id]`, String(other)],
        ]),
      ),
    );
    expect(appended.profiles.map((p) => p.id).sort()).toEqual([profileId, other].sort());
  });

  it('ends the sessions of a user who is disabled', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user);
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/events/list',
        headers: bearer(session.access_token),
      });
    expect((await check()).statusCode).toBe(200);

    const row = onlyRow<UserRow>(await admin.update('/users', user.id, { active: 'false' }));
    expect(row.active).toBe(false);
    expect((await check()).statusCode).toBe(401);

    // Enabling again does not bring the old login back.
    await admin.update('/users', user.id, { active: 'true' });
    expect((await check()).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('ends the sessions of a user whose password an administrator changes', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user);
    const response = await admin.update('/users', user.id, {
      password1: 'trocada-pelo-admin',
      password2: 'trocada-pelo-admin',
    });
    expect(response.statusCode).toBe(200);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/events/list',
      headers: bearer(session.access_token),
    });
    expect(check.statusCode).toBe(401);
    await login(t.app, { username: user.username, password: 'trocada-pelo-admin' });
  });

  it('does not let users disable or remove themselves', async () => {
    const disable = await admin.update('/users', admin.userId, { active: 'false' });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().fieldErrors).toEqual([
      { name: 'active', status: 'Você não pode desativar o seu próprio usuário.' },
    ]);
    const remove = await admin.remove('/users', admin.userId);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error_description).toBe('Você não pode remover o seu próprio usuário.');
  });

  it('removes a user, and answers 404 naming the user afterwards', async () => {
    const user = await createUser(t.db);
    expect((await admin.remove('/users', user.id)).statusCode).toBe(200);
    const again = await admin.remove('/users', user.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error_description).toBe('Usuário não encontrado.');
  });

  it('needs System', async () => {
    expect((await clerk.select('/users')).statusCode).toBe(403);
    expect((await clerk.post('/api/users/insert', newUserForm('x'))).statusCode).toBe(403);
  });
});

describe('users paging, search and sort', () => {
  beforeAll(async () => {
    for (let n = 1; n <= 25; n++) {
      await createUser(t.db, {
        username: `pagina${String(n).padStart(2, '0')}`,
        name: `Paginado ${String(26 - n).padStart(2, '0')}`,
      });
    }
  });

  const page = async (query: string) => {
    const response = await admin.select('/users', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TableListResponse<UserRow>>();
  };

  it('answers one page with the counts', async () => {
    const all = await page('');
    const first = await page('start=0&length=10&sort=username&dir=asc');
    expect(first.data).toHaveLength(10);
    expect(first.recordsTotal).toBe(all.recordsTotal);
    expect(first.recordsFiltered).toBe(all.recordsTotal);
  });

  it('searches name and username, case-insensitively, and counts what matched', async () => {
    const result = await page('start=10&length=10&search=PAGINA&sort=username&dir=asc');
    expect(result.recordsFiltered).toBe(25);
    expect(result.recordsTotal).toBeGreaterThan(25);
    expect(result.data.map((row) => row.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pagina${String(i + 11).padStart(2, '0')}`),
    );
    const byName = await page('search=paginado%2001');
    expect(byName.data.map((row) => row.username)).toEqual(['pagina25']);
    const literal = await page('search=%25');
    expect(literal.recordsFiltered).toBe(0);
  });

  it('sorts by the requested field and direction', async () => {
    const result = await page('length=3&search=pagina&sort=name&dir=desc');
    expect(result.data.map((row) => row.name)).toEqual([
      'Paginado 25',
      'Paginado 24',
      'Paginado 23',
    ]);
  });

  it('refuses an unknown sort field and a page over 100', async () => {
    const sort = await admin.select('/users', 'sort=password_hash');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().error_description).toMatch(/^Não é possível ordenar por 'password_hash'/);
    expect((await admin.select('/users', 'length=101')).statusCode).toBe(400);
  });
});
