import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  COURSEWARE_QUANTITY,
  COURSEWARE_QUANTITY_MESSAGE,
  COURSEWARE_STATUSES,
  COURSEWARE_STATUS_LABELS,
  type CoursewareStatus,
} from '@balcao/contract';
import { BatchProgressDialog } from '../../ui/batch-print';
import { column } from '../../ui/columns';
import { required, type FieldValue } from '../../ui/form-field';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { dateColumns, refName, textOf, type TableDefinition } from '../../app/tables/definition';
import { selectTable, type TableRow } from '../../app/tables/slice';
import { selectLookups } from '../../app/lookups/slice';
import { TablePage } from '../../app/tables/table-page';
import { PageFrame } from '../../ui/page-frame';
import { coursewareStatusLabel, displaySerial } from '../../ui/courseware-display';
import { NoticeDialog } from '../../ui/notice-dialog';
import {
  batchPrintCancelRequested,
  batchPrintRequested,
  noticeDismissed,
  selectCourseware,
} from './slice';
import './area';

const STATUS_BADGES: Record<CoursewareStatus, string> = {
  ISSUED: 'secondary',
  PRINTED: 'primary',
  ASSOCIATED: 'success',
  RETURNED: 'info',
  EXCHANGED: 'warning',
  CANCELED: 'danger',
};

/** SPEC.md section 5: an integer from 1 to 100. */
export function quantityError(value: FieldValue): string | null {
  const text = String(value).trim();
  const quantity = Number(text);
  return /^\d+$/.test(text) &&
    quantity >= COURSEWARE_QUANTITY.min &&
    quantity <= COURSEWARE_QUANTITY.max
    ? null
    : COURSEWARE_QUANTITY_MESSAGE;
}

function PrintLabelsButton({ selectedRows }: { selectedRows: readonly TableRow[] }) {
  const dispatch = useAppDispatch();
  const courseId = useAppSelector(selectTable('coursewares')).parentId;
  const { batch } = useAppSelector(selectCourseware);
  return (
    <Button
      type="button"
      variant="outline-primary"
      disabled={batch !== null || !courseId}
      onClick={() =>
        courseId &&
        dispatch(batchPrintRequested({ courseId, ids: selectedRows.map((row) => String(row.id)) }))
      }
    >
      Imprimir etiquetas{selectedRows.length > 0 ? ` (${selectedRows.length})` : ''}
    </Button>
  );
}

export const coursewaresTable: TableDefinition<TableRow> = {
  table: 'coursewares',
  label: 'Apostilas',
  itemName: 'apostila',
  pageSize: 100,
  createLabel: 'Criar',
  multiSelect: true,
  rowLabel: (row) => `apostila ${displaySerial(row)}`,
  columns: () => [
    column({ id: 'serial', header: 'Série', text: (row) => displaySerial(row) }),
    column({ id: 'center', header: 'Núcleo', text: (row) => refName(row.center) }),
    column({
      id: 'status',
      header: 'Situação',
      text: (row) => coursewareStatusLabel(row.status),
      cell: (row) => (
        <Badge bg={STATUS_BADGES[row.status as CoursewareStatus] ?? 'secondary'}>
          {coursewareStatusLabel(row.status)}
        </Badge>
      ),
    }),
    column({
      id: 'subscription',
      header: 'Participante',
      text: (row) => refName(row.subscription),
      sortable: false,
    }),
    column({
      id: 'prints',
      header: 'Impressões',
      text: (row) => textOf(row.prints ?? 0),
      sortValue: (row) => Number(row.prints ?? 0),
    }),
    ...dateColumns(),
  ],
  fields: [
    {
      name: 'quantity',
      label: 'Quantidade',
      type: 'integer',
      modes: ['create'],
      defaultValue: String(COURSEWARE_QUANTITY.default),
      validate: quantityError,
    },
    {
      name: 'center',
      label: 'Núcleo',
      type: 'select',
      reference: true,
      lookup: 'centers',
      modes: ['create'],
      validate: required('Escolha o núcleo.'),
    },
    {
      name: 'status',
      label: 'Situação',
      type: 'select',
      modes: ['edit'],
      options: COURSEWARE_STATUSES.map((status) => ({
        value: status,
        label: COURSEWARE_STATUS_LABELS[status],
      })),
      validate: required('Escolha a situação.'),
    },
  ],
  Toolbar: PrintLabelsButton,
};

/** 'Imprimindo - x/y' with 'Cancelar' (between two labels), then the outcome. */
function BatchDialogs() {
  const dispatch = useAppDispatch();
  const { batch, notice } = useAppSelector(selectCourseware);
  return (
    <>
      <BatchProgressDialog
        batch={batch}
        titleId="batch-title"
        label="Etiquetas impressas"
        onCancel={() => dispatch(batchPrintCancelRequested())}
      />
      <NoticeDialog notice={notice} onClose={() => dispatch(noticeDismissed())} />
    </>
  );
}

/** 'Apostilas' (Courseware): a course's coursewares, created by quantity, labels in batches. */
export function CoursewaresPage() {
  const courses = useAppSelector(selectLookups).courses ?? [];
  const current = useAppSelector(selectTable('coursewares')).parentId;
  const [courseId, setCourseId] = useState<string>(() => current ?? '');
  const course = courses.find((item) => String(item.id) === courseId) ?? null;
  return (
    <PageFrame title="Apostilas">
      <Form.Group controlId="coursewares-course" className="mb-3 coursewares-course">
        <Form.Label>Curso</Form.Label>
        <Form.Select value={course ? courseId : ''} onChange={(e) => setCourseId(e.target.value)}>
          <option value="">Selecione o curso</option>
          {courses.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {course && (
        <>
          <h2 className="h5">Apostilas de {course.name}</h2>
          <TablePage definition={coursewaresTable} parentId={courseId} />
        </>
      )}
      <BatchDialogs />
    </PageFrame>
  );
}
