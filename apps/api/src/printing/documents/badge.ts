import { drawQrCode, drawRule, drawText, fitFontSize, mm, renderPdf } from './pdf.ts';

/** A 90 x 50 mm label, the usual size of badge label rolls. */
export const BADGE_SIZE_MM = { width: 90, height: 50 } as const;

export interface BadgeInput {
  participantId: string | number;
  /** The badge name typed at accreditation, at most 15 characters (SPEC.md section 5). */
  usualName: string;
  fullName: string;
  centerName: string | null;
  eventName: string;
}

const MARGIN = mm(4);
const QR_SIZE = mm(24);

/** Crachá: the usual name as large as fits, full name, center and event, and a QR of the id. */
export function renderBadge(input: BadgeInput): Promise<Buffer> {
  const width = mm(BADGE_SIZE_MM.width);
  const height = mm(BADGE_SIZE_MM.height);
  return renderPdf(
    {
      title: `Crachá ${input.usualName}`,
      widthMm: BADGE_SIZE_MM.width,
      heightMm: BADGE_SIZE_MM.height,
    },
    (doc) => {
      const inner = width - 2 * MARGIN;
      const name = input.usualName.trim();
      const nameSize = fitFontSize(doc, name, 'bold', inner, 30, 12);
      const nameBottom = drawText(doc, name, {
        x: MARGIN,
        y: MARGIN,
        width: inner,
        size: nameSize,
        font: 'bold',
        align: 'center',
      });
      drawRule(doc, MARGIN, nameBottom + mm(0.5), inner);

      const qrX = width - MARGIN - QR_SIZE;
      const qrY = height - MARGIN - QR_SIZE;
      drawQrCode(doc, String(input.participantId), qrX, qrY, QR_SIZE);

      const textWidth = qrX - MARGIN - mm(3);
      let y = Math.max(nameBottom + mm(2.5), qrY);
      y = drawText(doc, input.fullName, {
        x: MARGIN,
        y,
        width: textWidth,
        size: 9,
        font: 'bold',
        maxLines: 2,
      });
      if (input.centerName) {
        y = drawText(doc, input.centerName, { x: MARGIN, y: y + mm(1), width: textWidth, size: 8 });
      }
      drawText(doc, input.eventName, {
        x: MARGIN,
        y: y + mm(1),
        width: textWidth,
        size: 7,
        maxLines: 2,
      });
    },
  );
}
