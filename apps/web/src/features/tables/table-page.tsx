import { useCallback, useEffect, useMemo } from 'react';
import { DataTable, type TableQuery } from '../../ui/data-table';
import { EditorModal, type FormMode, type WirePayload } from '../../ui/editor-modal';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { lookupOptions, type TableDefinition } from './definition';
import { TABLE_RESOURCES } from './resources';
import {
  editorClosed,
  editorOpened,
  listRequested,
  saveRequested,
  selectLookups,
  selectTable,
  type TableRow,
} from './slice';

interface TablePageProps<Row extends TableRow> {
  definition: TableDefinition<Row>;
}

/** A DataTable and its EditorModal bound to the tables slice: one per admin table. */
export function TablePage<Row extends TableRow>({ definition }: TablePageProps<Row>) {
  const { table, Toolbar } = definition;
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
        onCreate={() => open('create', null)}
        onEdit={(row) => open('edit', row)}
        onRemove={(row) => open('remove', row)}
        toolbar={Toolbar ? (selected) => <Toolbar selected={selected} /> : undefined}
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
    </>
  );
}
