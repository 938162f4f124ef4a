import type {
  BadgeInput,
  CouponInput,
  CoursewareLabelInput,
  DeliveryReceiptInput,
  PaymentReceiptInput,
  ProductTagInput,
} from '../../src/printing/documents/index.ts';

/** Inputs with the accents and lengths real desks see; the renderer tests and sample PNGs use them. */
export const badge: BadgeInput = {
  participantId: 1234,
  usualName: 'Conceição',
  fullName: 'Maria da Conceição Araújo Gonçalves',
  centerName: 'Núcleo São José dos Campos',
  eventName: 'Imersão Liderança & Gestão — Ôntico 2025',
};

export const coursewareLabel: CoursewareLabelInput = {
  coursewareId: '3f1c9a2e-7b4d-4e8a-9c1f-5d2b8e6a0c47',
  serial: 42,
  course: { serial: 1, name: 'Formação em Coaching Integral Sistêmico' },
  center: { serial: 3, name: 'Núcleo Fortaleza — Aldeota' },
};

export const product: ProductTagInput = {
  productId: 17,
  name: 'Camiseta Balcão Edição Comemorativa',
  priceCents: 7990,
  codTotvs: 'PA000123',
};

export const coupon: CouponInput = {
  couponId: 'c7e1a9d0-2f4b-4c3e-8a1d-9b6f0e2d5c31',
  templateName: 'Promoção Ação de Graças',
  percent: 12.5,
  // 02:59 UTC on the 31st is still the 30th in São Paulo.
  expirationDate: new Date('2025-12-31T02:59:00.000Z'),
  eventName: 'Imersão Liderança & Gestão — Ôntico 2025',
};

const order = {
  eventName: 'Imersão Liderança & Gestão — Ôntico 2025',
  orderId: 9876,
  date: new Date('2025-03-10T13:05:09.000Z'),
  customer: { name: 'José Antônio da Silva Conceição', cpf: '529.982.247-25' },
  items: [
    {
      quantity: 2,
      description: 'Camiseta Balcão Edição Comemorativa',
      unitPriceCents: 7990,
      discountCents: 1598,
    },
    { quantity: 1, description: 'Caneca Ônix', unitPriceCents: 3500, discountCents: 350 },
    {
      quantity: 3,
      description: 'Caderno de anotações pautado com capa dura',
      unitPriceCents: 1250,
      discountCents: 375,
    },
  ],
  coupon: { name: 'Promoção Ação de Graças', percent: 10 },
};

export const paymentReceipt: PaymentReceiptInput = {
  ...order,
  payments: [
    { method: 'Dinheiro', amountCents: 10000 },
    { method: 'Cartão de Crédito', amountCents: 10907 },
  ],
};

export const deliveryReceipt: DeliveryReceiptInput = {
  ...order,
  date: new Date('2025-03-10T13:20:00.000Z'),
  deliveredBy: 'expedicao.joão',
};
