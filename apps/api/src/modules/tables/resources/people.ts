import {
  PERMISSION_LABELS,
  isPermission,
  type FieldError,
  type PermissionRow,
  type ProfileRow,
  type UserRow,
} from '@balcao/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../../auth/passwords.ts';
import { bumpAuthVersion, bumpProfileAuthVersion } from '../../../auth/permission-cache.ts';
import { revokeUserLogins } from '../../../auth/tokens.ts';
import type { Database } from '../../../db/types.ts';
import { conflict } from '../../../http/api-error.ts';
import { MIN_PASSWORD_LENGTH } from '../../password/index.ts';
import { defineResource, type FieldSpec } from '../resource.ts';
import { dated, ref, text } from '../rows.ts';

/** Profiles (sets of permissions) and users: the System registries. */

const toPermissionRows = (items: { id: number; name: string }[]): PermissionRow[] =>
  items.flatMap(({ id, name }) =>
    isPermission(name) ? [{ id, name, friendlyName: PERMISSION_LABELS[name] }] : [],
  );

const permissionsField = (owner: 'profile_permissions' | 'user_permissions'): FieldSpec => ({
  type: 'referenceList',
  label: 'as permissões',
  target: { table: 'permissions', notFound: 'Permissão não encontrada.' },
  link:
    owner === 'profile_permissions'
      ? { table: owner, owner: 'profile_id', target: 'permission_id' }
      : { table: owner, owner: 'user_id', target: 'permission_id' },
});

export const profiles = defineResource<ProfileRow>({
  path: '/profiles',
  table: 'profiles',
  notFound: 'Perfil não encontrado.',
  access: { list: ['System'], write: ['System'] },
  fields: {
    name: {
      type: 'text',
      label: 'o nome',
      column: 'name',
      required: true,
      unique: { message: 'Já existe um perfil com este nome.' },
    },
    permissions: permissionsField('profile_permissions'),
  },
  query: (db) => db.selectFrom('profiles').selectAll('profiles'),
  toRow: (raw, { lists }) => ({
    ...dated(raw),
    name: text(raw.name),
    permissions: toPermissionRows(lists.permissions ?? []),
  }),
  order: ['profiles.name', 'asc'],
  hooks: {
    // Its holders' cached permissions are stale on every API instance from this commit on.
    afterWrite: async ({ db, id, existing }) => {
      if (existing) await bumpProfileAuthVersion(db, id);
    },
  },
  deleteConflicts: [
    {
      table: 'user_profiles',
      column: 'profile_id',
      message: 'Este perfil está atribuído a usuários e não pode ser removido.',
    },
  ],
});

/** Ends every login of a user: disabled, or their password was changed by an administrator. */
async function endSessions(
  db: Kysely<Database>,
  userId: number,
  editorId: number,
  editorFamilyId: string,
  now: Date,
): Promise<void> {
  // An administrator changing their own password keeps the login they are using.
  await revokeUserLogins(db, userId, now, userId === editorId ? editorFamilyId : undefined);
}

export const users = defineResource<UserRow>({
  path: '/users',
  table: 'users',
  notFound: 'Usuário não encontrado.',
  access: { list: ['System'], write: ['System'] },
  fields: {
    active: { type: 'boolean', label: 'o status', column: 'active', default: true },
    name: { type: 'text', label: 'o nome', column: 'name', required: true },
    username: {
      type: 'text',
      label: 'o nome de usuário',
      column: 'username',
      required: true,
      unique: { message: 'Já existe um usuário com este nome de usuário.' },
    },
    password1: { type: 'text', label: 'a senha', secret: true, maxLength: 1024 },
    password2: { type: 'text', label: 'a confirmação da senha', secret: true, maxLength: 1024 },
    center: {
      type: 'reference',
      label: 'o núcleo',
      column: 'center_id',
      target: { table: 'centers', notFound: 'Núcleo não encontrado.' },
    },
    profiles: {
      type: 'referenceList',
      label: 'os perfis',
      target: { table: 'profiles', notFound: 'Perfil não encontrado.' },
      link: { table: 'user_profiles', owner: 'user_id', target: 'profile_id' },
    },
    permissions: permissionsField('user_permissions'),
    maxDiscount: {
      type: 'integer',
      label: 'o desconto máximo',
      column: 'max_discount_percent',
      min: 0,
      max: 100,
      default: 100,
      message: 'O desconto máximo deve ser um número inteiro de 0 a 100.',
    },
    productCategories: {
      type: 'referenceList',
      label: 'as categorias de produtos',
      target: { table: 'product_categories', notFound: 'Categoria não encontrada.' },
      link: { table: 'user_product_categories', owner: 'user_id', target: 'category_id' },
    },
  },
  query: (db) =>
    db
      .selectFrom('users')
      .leftJoin('centers', 'centers.id', 'users.center_id')
      // Never the password hash.
      .select([
        'users.id',
        'users.name',
        'users.username',
        'users.active',
        'users.center_id',
        'users.max_discount_percent',
        'users.date_created',
        'users.date_updated',
        'centers.name as center_name',
      ]),
  toRow: (raw, { lists }) => ({
    ...dated(raw),
    active: Boolean(raw.active),
    name: text(raw.name),
    username: text(raw.username),
    center: ref(raw.center_id, raw.center_name),
    profiles: lists.profiles ?? [],
    permissions: toPermissionRows(lists.permissions ?? []),
    maxDiscount: Number(raw.max_discount_percent),
    productCategories: lists.productCategories ?? [],
  }),
  order: ['users.name', 'asc'],
  paging: {
    search: ['users.name', 'users.username'],
    sort: {
      id: 'users.id',
      name: 'users.name',
      username: 'users.username',
      active: 'users.active',
      center: 'centers.name',
      dateCreated: 'users.date_created',
      dateUpdated: 'users.date_updated',
    },
  },
  hooks: {
    validate: ({ mode, existing, auth }, values): FieldError[] => {
      const errors: FieldError[] = [];
      const { password1, password2, username, active } = values;
      if (username === '*') {
        errors.push({ name: 'username', status: "O nome de usuário '*' é reservado." });
      }
      if (mode === 'insert' && password1 == null) {
        errors.push({ name: 'password1', status: 'Informe a senha.' });
      } else if (typeof password1 === 'string' && [...password1].length < MIN_PASSWORD_LENGTH) {
        errors.push({
          name: 'password1',
          status: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
        });
      }
      if ((password1 ?? null) !== (password2 ?? null)) {
        errors.push({ name: 'password2', status: 'A confirmação não confere com a senha.' });
      }
      if (existing && Number(existing.id) === auth.user.id && active === false) {
        errors.push({ name: 'active', status: 'Você não pode desativar o seu próprio usuário.' });
      }
      return errors;
    },
    prepare: async (_context, { password1 }) =>
      typeof password1 === 'string' ? { password_hash: await hashPassword(password1) } : {},
    afterWrite: async ({ db, id, existing, auth, now }, values) => {
      if (!existing) return;
      // Profiles, permissions or the active flag may have changed: cached permissions are stale.
      await bumpAuthVersion(db, id);
      const disabled = values.active === false && Boolean(existing.active);
      if (disabled || typeof values.password1 === 'string') {
        await endSessions(db, id, auth.user.id, auth.familyId, now);
      }
    },
    beforeDelete: ({ id, auth }) => {
      if (id === auth.user.id) throw conflict('Você não pode remover o seu próprio usuário.');
    },
  },
  deleteConflicts: [
    {
      table: 'stock_movements',
      column: 'user_id',
      message: 'Este usuário tem movimentações de estoque e não pode ser removido. Desative-o.',
    },
  ],
});
