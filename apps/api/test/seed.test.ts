import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@balcao/contract';
import { migrateToLatest } from '../src/db/migrate.ts';
import { up as addBrasil } from '../src/db/migrations/20261123090000_brasil_country.ts';
import { seed } from '../src/auth/seed.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { login } from './helpers/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('migrations and seed', () => {
  it('creates every permission and an Administrador profile holding all of them but Kiosk', async () => {
    const permissions = await t.db.selectFrom('permissions').select('name').execute();
    expect(permissions.map((row) => row.name).sort()).toEqual([...PERMISSIONS].sort());
    const linked = await t.db
      .selectFrom('profile_permissions')
      .innerJoin('profiles', 'profiles.id', 'profile_permissions.profile_id')
      .select('profile_permissions.permission_id')
      .where('profiles.name', '=', 'Administrador')
      .execute();
    // A kiosk user is only a kiosk (docs/kiosk-api.md): the administrator is not one.
    expect(linked).toHaveLength(PERMISSIONS.length - 1);
  });

  it('starts with Brasil as a country, once, and keeps a Brasil already registered', async () => {
    const brasil = () =>
      t.db
        .selectFrom('countries')
        .select('name')
        .where('name', 'in', ['Brasil', 'BRASIL'])
        .execute();
    expect(await brasil()).toEqual([{ name: 'Brasil' }]);
    await addBrasil(t.db);
    expect(await brasil()).toEqual([{ name: 'Brasil' }]);

    await t.db
      .updateTable('countries')
      .set({ name: 'BRASIL' })
      .where('name', '=', 'Brasil')
      .execute();
    await addBrasil(t.db);
    expect(await brasil()).toEqual([{ name: 'BRASIL' }]);
    await t.db
      .updateTable('countries')
      .set({ name: 'Brasil' })
      .where('name', '=', 'BRASIL')
      .execute();
  });

  it('changes nothing when run again, and never resets the admin password', async () => {
    expect(await migrateToLatest(t.db, t.dialect)).toEqual([]);
    const again = await seed(t.db, {
      adminUser: 'admin',
      adminPassword: 'outra-senha-123',
      now: t.clock.now(),
    });
    expect(again).toBeNull();
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('permissions').select('id').execute()).toHaveLength(
      PERMISSIONS.length,
    );
    expect(await t.db.selectFrom('profiles').select('id').execute()).toHaveLength(1);
    await login(t.app, { username: 'admin', password: t.config.adminPassword ?? '' });
  });

  it('generates a strong password when none is configured', async () => {
    await t.db.deleteFrom('users').execute();
    const created = await seed(t.db, {
      adminUser: 'chefe',
      adminPassword: null,
      now: t.clock.now(),
    });
    expect(created).toMatchObject({ username: 'chefe', generated: true });
    expect(created?.password).toMatch(/^[\w-]{24}$/);
    const token = await login(t.app, { username: 'chefe', password: created?.password ?? '' });
    expect(token.permissions).toEqual(PERMISSIONS.filter((name) => name !== 'Kiosk'));
    expect(token.name).toBe('Administrador');
  });
});
