import {
  COURSEWARE_QUANTITY,
  COURSEWARE_QUANTITY_MESSAGE,
  COURSEWARE_STATUSES,
  type CoursewareDto,
  type CoursewareStatus,
  type FieldError,
} from '@balcao/contract';
import { conflict } from '../../../http/api-error.ts';
import {
  COURSEWARE_NOT_FOUND,
  coursewareQuery,
  type CoursewareRecord,
  createCoursewares,
  statusChange,
  statusLabel,
  toCoursewareDto,
} from '../../courseware/index.ts';
import { defineResource, type Raw, type Values } from '../resource.ts';

/** The change an update asks for, judged against the stored row; undefined when none. */
function requestedChange(existing: Raw | undefined, values: Values) {
  const requested = values.status as CoursewareStatus | null | undefined;
  if (!existing || !requested) return undefined;
  return statusChange(existing.status as CoursewareStatus, Number(existing.prints), requested);
}

/**
 * 'Apostilas': the coursewares of one course, paged on the server. An insert creates `quantity`
 * of them for a center; an update only cancels or restores; only never-printed ones are removed.
 */
export const coursewares = defineResource<CoursewareDto, string>({
  path: '/courses/:courseId/coursewares',
  table: 'coursewares',
  idType: 'text',
  parent: {
    param: 'courseId',
    column: 'course_id',
    table: 'courses',
    notFound: 'Curso não encontrado.',
  },
  notFound: COURSEWARE_NOT_FOUND,
  access: { list: ['Courseware'], write: ['Courseware'] },
  fields: {
    quantity: {
      type: 'integer',
      label: 'a quantidade',
      only: 'insert',
      min: COURSEWARE_QUANTITY.min,
      max: COURSEWARE_QUANTITY.max,
      default: COURSEWARE_QUANTITY.default,
      message: COURSEWARE_QUANTITY_MESSAGE,
    },
    center: {
      type: 'reference',
      label: 'o núcleo',
      column: 'center_id',
      only: 'insert',
      required: true,
      target: { table: 'centers', notFound: 'Núcleo não encontrado.' },
    },
    // Written by the afterWrite hook with a conditional update, never straight from the form.
    status: { type: 'choice', label: 'a situação', only: 'update', values: COURSEWARE_STATUSES },
    serial: { type: 'readOnly', label: 'o número' },
    completeSerial: { type: 'readOnly', label: 'o número completo' },
    prints: { type: 'readOnly', label: 'as impressões' },
    subscription: { type: 'readOnly', label: 'o participante' },
  },
  query: coursewareQuery,
  toRow: (raw) => toCoursewareDto(raw as unknown as CoursewareRecord),
  order: ['coursewares.serial', 'asc'],
  paging: {
    search: ['coursewares.id', 'centers.name', 'participants.name', 'participants.cpf'],
    sort: {
      id: 'coursewares.id',
      serial: 'coursewares.serial',
      completeSerial: 'coursewares.serial',
      center: 'centers.name',
      prints: 'coursewares.prints',
      status: 'coursewares.status',
      subscription: 'participants.name',
      dateCreated: 'coursewares.date_created',
      dateUpdated: 'coursewares.date_updated',
    },
  },
  insertRows: ({ db, parentId, stamp }, values) =>
    createCoursewares(db, {
      courseId: parentId ?? 0,
      centerId: Number(values.center),
      quantity: Number(values.quantity),
      stamp,
    }),
  hooks: {
    validate: ({ existing }, values): FieldError[] => {
      const change = requestedChange(existing, values);
      return change && 'error' in change ? [{ name: 'status', status: change.error }] : [];
    },
    afterWrite: async ({ db, id, existing, now }, values) => {
      const change = requestedChange(existing, values);
      if (!existing || !change || !('to' in change) || change.to === existing.status) return;
      // Only if nobody linked, printed or returned it since it was read.
      const result = await db
        .updateTable('coursewares')
        .set({ status: change.to, date_updated: now.toISOString() })
        .where('id', '=', id)
        .where('status', '=', existing.status as CoursewareStatus)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        throw conflict('A apostila mudou de situação. Recarregue a página e tente novamente.');
      }
    },
    beforeDelete: ({ existing }) => {
      if (existing?.status !== 'ISSUED') {
        throw conflict(
          `Somente apostilas emitidas e nunca impressas podem ser removidas. Situação: ${statusLabel(String(existing?.status))}.`,
        );
      }
    },
  },
  deleteConflicts: [
    {
      table: 'participants',
      column: 'courseware_id',
      message: 'Esta apostila está vinculada a um participante e não pode ser removida.',
    },
  ],
});
