import { drawQrCode, drawText, mm, renderPdf } from './pdf.ts';

/** An A5 page: prints on any printer, and shows whole on a phone's screen. */
export const PASS_PAGE_MM = { width: 148, height: 210 } as const;

export interface PassPdfInput {
  eventName: string;
  participantName: string;
  /** The pass's QR text (contract passes.ts). */
  pass: string;
}

/** The participant's pass as a one-page PDF (issue #43): the event, the name, the QR large. */
export function renderPassPdf(input: PassPdfInput): Promise<Buffer> {
  const { width, height } = PASS_PAGE_MM;
  const margin = mm(12);
  const inner = mm(width) - 2 * margin;
  const qrSize = mm(100);
  return renderPdf(
    { title: `Ingresso ${input.eventName}`, widthMm: width, heightMm: height },
    (doc) => {
      let y = drawText(doc, input.eventName, {
        x: margin,
        y: mm(16),
        width: inner,
        size: 20,
        font: 'bold',
        align: 'center',
        maxLines: 2,
      });
      y = drawText(doc, input.participantName, {
        x: margin,
        y: y + mm(4),
        width: inner,
        size: 15,
        align: 'center',
        maxLines: 2,
      });
      const qrTop = Math.max(y + mm(8), mm(50));
      drawQrCode(doc, input.pass, (mm(width) - qrSize) / 2, qrTop, qrSize);
      drawText(doc, 'Apresente este QR Code no credenciamento', {
        x: margin,
        y: qrTop + qrSize + mm(8),
        width: inner,
        size: 13,
        font: 'bold',
        align: 'center',
        maxLines: 2,
      });
      drawText(doc, 'O ingresso é pessoal: não o compartilhe.', {
        x: margin,
        y: qrTop + qrSize + mm(18),
        width: inner,
        size: 10,
        align: 'center',
      });
    },
  );
}
