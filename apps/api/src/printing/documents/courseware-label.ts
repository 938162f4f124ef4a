import { coursewareDisplaySerial, DEFAULT_LAYOUTS } from '@balcao/contract';
import { printable, renderLayoutPages, type PrintableLayout } from './pdf.ts';

/** A 50 x 30 mm label (selo) stuck on the courseware's cover: the default layout's page. */
export const COURSEWARE_LABEL_SIZE_MM = { width: 50, height: 30 } as const;

export interface CoursewareLabelInput {
  /** The 36-character id the desks scan. */
  coursewareId: string;
  serial: number;
  course: { serial: number; name: string };
  center: { serial: number; name: string };
}

const displaySerial = (input: CoursewareLabelInput): string =>
  coursewareDisplaySerial(input.course.serial, input.center.serial, input.serial);

/** Selo: one page of the courseware label layout. */
export function renderCoursewareLabel(
  input: CoursewareLabelInput,
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.courseware_label),
): Promise<Buffer> {
  return renderCoursewareLabels([input], layout);
}

/** Several selos in one document, one label per page, in the order given. */
export function renderCoursewareLabels(
  inputs: readonly CoursewareLabelInput[],
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.courseware_label),
): Promise<Buffer> {
  const [first] = inputs;
  if (!first) throw new Error('Nenhuma apostila para imprimir.');
  return renderLayoutPages(
    inputs.length === 1 ? `Selo ${displaySerial(first)}` : `Selos (${inputs.length})`,
    layout,
    inputs.map((input) => ({
      coursewareId: input.coursewareId,
      serial: displaySerial(input),
      course: input.course.name,
      center: input.center.name,
    })),
  );
}
