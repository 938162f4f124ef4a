import { column } from '../../../ui/columns';
import { required, type FieldValue } from '../../../ui/form-field';
import { formatYesNo } from '../../../ui/formats';
import { dateColumns, refName, textOf, type TableDefinition } from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import { permissionNames } from './profiles';
import '../area';

function names(value: unknown): string {
  return Array.isArray(value) ? value.map(refName).join(', ') : '';
}

/** Passwords are required on create and optional on edit, where blank keeps the current one. */
function password(value: FieldValue, mode: 'create' | 'edit') {
  const text = typeof value === 'string' ? value : '';
  return mode === 'edit' && text === '' ? undefined : text;
}

export const usersTable: TableDefinition<TableRow> = {
  table: 'users',
  label: 'Usuários',
  itemName: 'usuário',
  pageSize: 100,
  // 'Redefinir autenticação em dois fatores' and 'Desbloquear acesso' come by the `usersToolbar`
  // slot (features/totp).
  columns: () => [
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({ id: 'username', header: 'Usuário', text: (row) => textOf(row.username) }),
    column({ id: 'active', header: 'Ativo', text: (row) => formatYesNo(row.active) }),
    column({ id: 'center', header: 'Núcleo', text: (row) => refName(row.center) }),
    column({
      id: 'profiles',
      header: 'Perfis',
      text: (row) => names(row.profiles),
      sortable: false,
    }),
    column({
      id: 'permissions',
      header: 'Permissões diretas',
      text: (row) => permissionNames(row.permissions),
      sortable: false,
    }),
    ...dateColumns(),
  ],
  fields: [
    { name: 'active', label: 'Ativo', type: 'boolean', defaultValue: true },
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    { name: 'username', label: 'Usuário', type: 'text', validate: required('Informe o usuário.') },
    {
      name: 'password1',
      label: 'Senha',
      type: 'password',
      read: () => '',
      write: password,
      help: 'Ao editar, deixe em branco para manter a senha atual.',
      validate: (value, _values, mode) =>
        mode === 'create' ? required('Informe a senha.')(value) : null,
    },
    {
      name: 'password2',
      label: 'Confirmação da senha',
      type: 'password',
      read: () => '',
      write: password,
      validate: (value, values) =>
        value !== (values.password1 ?? '') ? 'A confirmação não confere com a senha.' : null,
    },
    {
      name: 'center',
      label: 'Núcleo',
      type: 'select',
      reference: true,
      lookup: 'centers',
      emptyOption: 'Nenhum',
    },
    { name: 'profiles', label: 'Perfis', type: 'checkboxes', lookup: 'profiles' },
    {
      name: 'permissions',
      label: 'Permissões diretas',
      type: 'checkboxes',
      lookup: 'permissions',
    },
    {
      name: 'maxDiscount',
      label: 'Desconto máximo (%)',
      type: 'integer',
      defaultValue: '100',
      validate: (value) =>
        typeof value === 'string' && /^\d+$/.test(value) && Number(value) <= 100
          ? null
          : 'O desconto máximo deve ser um número inteiro de 0 a 100.',
      help: 'O maior desconto por item que o usuário pode dar no caixa (0 a 100).',
    },
    {
      name: 'productCategories',
      label: 'Categorias de produtos que pode vender',
      type: 'checkboxes',
      lookup: 'productCategories',
    },
  ],
};

export function UsersPage() {
  return (
    <PageFrame title="Usuários">
      <TablePage definition={usersTable} />
    </PageFrame>
  );
}
