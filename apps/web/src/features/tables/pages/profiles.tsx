import { column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import {
  dateColumns,
  lookupLabel,
  textOf,
  type TableDefinition,
} from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import type { LookupItem } from '../../../app/lookups/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import '../area';

/** `permissions: [{id, name}]` as their friendly names. */
export function permissionNames(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return (value as LookupItem[]).map(lookupLabel).join(', ');
}

export const profilesTable: TableDefinition<TableRow> = {
  table: 'profiles',
  label: 'Perfis de Usuários',
  itemName: 'perfil',
  columns: () => [
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({
      id: 'permissions',
      header: 'Permissões',
      text: (row) => permissionNames(row.permissions),
      sortable: false,
    }),
    ...dateColumns(),
  ],
  fields: [
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    { name: 'permissions', label: 'Permissões', type: 'checkboxes', lookup: 'permissions' },
  ],
};

export function ProfilesPage() {
  return (
    <PageFrame title="Perfis de Usuários">
      <TablePage definition={profilesTable} />
    </PageFrame>
  );
}
