import { coursewareDisplaySerial } from '@balcao/contract';
import { addPage, drawQrCode, drawText, fitFontSize, mm, renderPdf, type Doc } from './pdf.ts';

/** A 50 x 30 mm label (selo) stuck on the courseware's cover. */
export const COURSEWARE_LABEL_SIZE_MM = { width: 50, height: 30 } as const;

export interface CoursewareLabelInput {
  /** The 36-character id the desks scan. */
  coursewareId: string;
  serial: number;
  course: { serial: number; name: string };
  center: { serial: number; name: string };
}

const MARGIN = mm(2);
const QR_SIZE = mm(20);

const displaySerial = (input: CoursewareLabelInput): string =>
  coursewareDisplaySerial(input.course.serial, input.center.serial, input.serial);

/** Selo: QR of the courseware id, course and center names, and the display serial underneath. */
export function renderCoursewareLabel(input: CoursewareLabelInput): Promise<Buffer> {
  return renderCoursewareLabels([input]);
}

/** Several selos in one document, one label per page, in the order given. */
export function renderCoursewareLabels(inputs: readonly CoursewareLabelInput[]): Promise<Buffer> {
  const [first] = inputs;
  if (!first) throw new Error('Nenhuma apostila para imprimir.');
  const { width, height } = COURSEWARE_LABEL_SIZE_MM;
  return renderPdf(
    {
      title: inputs.length === 1 ? `Selo ${displaySerial(first)}` : `Selos (${inputs.length})`,
      widthMm: width,
      heightMm: height,
    },
    (doc) => {
      inputs.forEach((input, index) => {
        if (index > 0) addPage(doc, width, height);
        drawLabel(doc, input);
      });
    },
  );
}

function drawLabel(doc: Doc, input: CoursewareLabelInput): void {
  const width = mm(COURSEWARE_LABEL_SIZE_MM.width);
  const height = mm(COURSEWARE_LABEL_SIZE_MM.height);
  const serial = displaySerial(input);
  drawQrCode(doc, input.coursewareId, MARGIN, MARGIN, QR_SIZE);

  const textX = MARGIN + QR_SIZE + mm(2);
  const textWidth = width - textX - MARGIN;
  const y = drawText(doc, input.course.name, {
    x: textX,
    y: MARGIN,
    width: textWidth,
    size: 7,
    font: 'bold',
    maxLines: 3,
  });
  drawText(doc, input.center.name, {
    x: textX,
    y: y + mm(1),
    width: textWidth,
    size: 6.5,
    maxLines: 3,
  });

  const inner = width - 2 * MARGIN;
  const serialSize = fitFontSize(doc, serial, 'bold', inner, 12, 7);
  drawText(doc, serial, {
    x: MARGIN,
    y: height - MARGIN - serialSize,
    width: inner,
    size: serialSize,
    font: 'bold',
    align: 'center',
  });
}
