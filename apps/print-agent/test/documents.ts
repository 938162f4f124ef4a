/**
 * The PDFs the API queues for the agent, made by the API's own renderers, so that the CUPS tests
 * print what a venue prints: a badge, courseware labels, product tag sheets and a payment receipt.
 */
import {
  BADGE_SIZE_MM,
  COURSEWARE_LABEL_SIZE_MM,
  RECEIPT_WIDTH_MM,
  TAG_SHEET_SIZE_MM,
  renderBadge,
  renderCoursewareLabels,
  renderPaymentReceipt,
  renderProductTagSheets,
} from '../../api/src/printing/documents/index.ts';

export { BADGE_SIZE_MM, COURSEWARE_LABEL_SIZE_MM, RECEIPT_WIDTH_MM, TAG_SHEET_SIZE_MM };

export const badge = (usualName: string) =>
  renderBadge({
    participantId: 4321,
    usualName,
    fullName: `${usualName} Aparecida dos Santos`,
    centerName: 'Centro Espírita Luz e Caridade',
    eventName: 'Encontro Estadual 2026',
  });

export const coursewareLabels = (count: number) =>
  renderCoursewareLabels(
    Array.from({ length: count }, (_, index) => ({
      coursewareId: `0f8fad5b-d9cb-469f-a165-70867728950${index}`,
      serial: index + 1,
      course: { serial: 12, name: 'Introdução ao Estudo' },
      center: { serial: 3, name: 'Centro Luz e Caridade' },
    })),
  );

export const productTags = (sheets: number) =>
  renderProductTagSheets({
    product: { productId: 77, name: 'Caneca do Encontro', priceCents: 2500, codTotvs: '7891234' },
    sheets,
  });

export const paymentReceipt = () =>
  renderPaymentReceipt({
    eventName: 'Encontro Estadual 2026',
    orderId: 9876,
    date: new Date('2026-07-18T14:30:00Z'),
    customer: { name: 'Conceição Aparecida', cpf: '52998224725' },
    items: [
      { quantity: 2, description: 'Caneca do Encontro', unitPriceCents: 2500, discountCents: 0 },
      {
        quantity: 1,
        description: 'Livro: Introdução ao Estudo',
        unitPriceCents: 4590,
        discountCents: 500,
      },
    ],
    payments: [{ method: 'Dinheiro', amountCents: 9090 }],
    cashier: 'ana',
  });
