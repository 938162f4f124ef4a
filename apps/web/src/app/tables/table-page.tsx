import { useCallback, useEffect, useMemo } from 'react';
import { DataTable, type TableQuery } from '../../ui/data-table';
import type { WirePayload } from '@balcao/contract';
import { EditorModal } from '../../ui/editor-modal';
import type { FormMode } from '../../ui/form-field';
import { NoticeToast } from '../../ui/notice-toast';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { lookupOptions, type TableDefinition } from './definition';
import { TABLE_RESOURCES, hasParent } from './resources';
import {
  editorClosed,
  editorOpened,
  listRequested,
  parentChanged,
  savedNoticeClosed,
  saveRequested,
  selectTable,
  type TableRow,
} from './slice';
import { selectLookups } from '../lookups/slice';
import { Slot } from '../slots';

interface TablePageProps<Row extends TableRow> {
  definition: TableDefinition<Row>;
  /** The parent row of a table whose path holds it (an event's participants, ...). */
  parentId?: string;
}

/**
 * A DataTable and its EditorModal bound to the tables slice: one per admin table. A table that
 * belongs to a parent row shows once the slice holds that parent, and starts over when it changes.
 */
export function TablePage<Row extends TableRow>({ definition, parentId }: TablePageProps<Row>) {
  const { table } = definition;
  const dispatch = useAppDispatch();
  const state = useAppSelector(useMemo(() => selectTable(table), [table]));
  const wanted = hasParent(table) ? (parentId ?? null) : null;
  useEffect(() => {
    if (hasParent(table)) dispatch(parentChanged({ table, parentId: wanted }));
  }, [dispatch, table, wanted]);
  if (state.parentId !== wanted) return null;
  return <BoundTable key={wanted ?? ''} definition={definition} />;
}

function BoundTable<Row extends TableRow>({ definition }: TablePageProps<Row>) {
  const { table, Toolbar, readOnly = false } = definition;
  const dispatch = useAppDispatch();
  const selectState = useMemo(() => selectTable(table), [table]);
  const state = useAppSelector(selectState);
  const lookups = useAppSelector(selectLookups);
  const { server } = TABLE_RESOURCES[table];

  useEffect(() => {
    if (!server) dispatch(listRequested({ table }));
  }, [dispatch, server, table]);

  const rows = state.rows as Row[];
  const columns = useMemo(() => definition.columns({ lookups }), [definition, lookups]);
  const fields = useMemo(
    () =>
      definition.fields.map((field) =>
        field.lookup ? { ...field, options: lookupOptions(lookups[field.lookup]) } : field,
      ),
    [definition, lookups],
  );
  const onQueryChange = useCallback(
    (query: TableQuery) => dispatch(listRequested({ table, query })),
    [dispatch, table],
  );
  const getRowId = useCallback((row: Row) => String(row.id), []);
  const closeNotice = useCallback(() => dispatch(savedNoticeClosed({ table })), [dispatch, table]);

  const editor = state.editor;
  const editedRow =
    editor?.rowId != null ? (rows.find((row) => String(row.id) === editor.rowId) ?? null) : null;
  const open = (mode: 'create' | 'edit' | 'remove', row: Row | null) =>
    dispatch(editorOpened({ table, mode, rowId: row ? String(row.id) : null }));

  return (
    <>
      <DataTable<Row>
        label={definition.label}
        columns={columns}
        data={rows}
        getRowId={getRowId}
        defaultPageSize={definition.pageSize}
        loading={state.loading}
        server={
          server
            ? { rowCount: state.recordsFiltered, totalCount: state.recordsTotal, onQueryChange }
            : undefined
        }
        onCreate={readOnly ? undefined : () => open('create', null)}
        onEdit={readOnly ? undefined : (row) => open('edit', row)}
        onRemove={readOnly ? undefined : (row) => open('remove', row)}
        createLabel={definition.createLabel}
        multiSelect={definition.multiSelect}
        rowLabel={definition.rowLabel}
        toolbar={(selected, selectedRows) => (
          <>
            {Toolbar && <Toolbar selected={selected} selectedRows={selectedRows} />}
            <Slot name={`${table}Toolbar`} selected={selected} selectedRows={selectedRows} />
          </>
        )}
      />
      <EditorModal<Row>
        mode={editor?.mode ?? null}
        row={editedRow}
        itemName={definition.itemName}
        fields={fields}
        busy={editor?.busy ?? false}
        error={editor?.error ?? null}
        fieldErrors={editor?.fieldErrors ?? {}}
        onSave={(payload: WirePayload, mode: FormMode) =>
          dispatch(saveRequested({ table, mode, rowId: editor?.rowId ?? null, payload }))
        }
        onRemove={() =>
          dispatch(
            saveRequested({ table, mode: 'remove', rowId: editor?.rowId ?? null, payload: {} }),
          )
        }
        onCancel={() => dispatch(editorClosed({ table }))}
      />
      <NoticeToast text={state.savedNotice} onClose={closeNotice} />
    </>
  );
}
