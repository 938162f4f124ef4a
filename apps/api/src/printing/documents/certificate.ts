import { certificateLayoutValues, DEFAULT_LAYOUTS, type CertificateFacts } from '@balcao/contract';
import { printable, renderLayoutPages, type PrintableLayout } from './pdf.ts';

/** Certificado: one page of the event's 'certificate' layout (A4 landscape by default). */
export function renderCertificate(
  facts: CertificateFacts,
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.certificate),
): Promise<Buffer> {
  return renderLayoutPages(`Certificado ${facts.code}`, layout, [certificateLayoutValues(facts)]);
}
