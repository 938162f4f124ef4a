import { http, HttpResponse } from 'msw';
import type {
  CouponConfigDto,
  CouponDto,
  CouponTemplateDto,
  CouponTemplateInput,
  ProductRow,
} from '@balcao/contract';
import { server } from './server';
import { eventDto } from './fixtures';

export const COUPON_PRODUCTS: ProductRow[] = [
  productRow(1, 'Camiseta', 'Produto'),
  productRow(2, 'Caneca', 'Produto'),
  productRow(4, 'Curso de Oratória', 'Curso'),
];

function productRow(id: number, name: string, type: 'Produto' | 'Curso'): ProductRow {
  return {
    id,
    name,
    category: { id: type === 'Produto' ? 1 : 2, name: type, type },
    price: 50,
    inventory: 10,
    codTotvs: null,
    dateCreated: '01/11/2026 10:00',
    dateUpdated: '01/11/2026 10:00',
  };
}

export function templateDto(overrides: Partial<CouponTemplateDto> = {}): CouponTemplateDto {
  return {
    id: 1,
    eventId: 1,
    name: 'Natal',
    value: 10,
    type: 'PERCENT_VALUE',
    categories: ['Produto', 'Curso'],
    startDate: null,
    expirationDate: '2099-12-31T23:59:00.000Z',
    whiteList: [],
    blackList: [],
    propagate: true,
    generated: 0,
    used: 0,
    available: 0,
    expired: 0,
    invalidated: 0,
    removed: 0,
    ...overrides,
  };
}

export function couponDto(overrides: Partial<CouponDto> = {}): CouponDto {
  return {
    id: 1,
    code: 'ABCDEFGHJKMNPQRS',
    eventId: 1,
    templateId: 1,
    template: { name: 'Natal' },
    value: 10,
    categories: ['Produto', 'Curso'],
    startDate: null,
    expirationDate: '2099-12-31T23:59:00.000Z',
    isValid: true,
    isUsed: false,
    usedOrderId: null,
    usedAt: null,
    originOrderId: null,
    whiteList: [],
    blackList: [],
    state: 'available',
    createdAt: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}

const refusal = (description: string, status = 400) =>
  HttpResponse.json(
    { error: status === 400 ? 'invalid_request' : 'conflict', error_description: description },
    { status },
  );

/**
 * docs/coupons-api.md's admin calls over in-memory lists; `calls` records what the SPA sent.
 * `failGenerateAt`: the generate call (1-based) that fails; `calls.generated` counts coupons,
 * `calls.generateCalls` the calls, `calls.generateQuantities` what each asked.
 */
export function serveCoupons(
  options: {
    templates?: CouponTemplateDto[];
    coupons?: CouponDto[];
    config?: CouponConfigDto;
    products?: ProductRow[];
    failGenerateAt?: number;
    /** No printer mapped: generate answers `{filename}` and the SPA prints the file. */
    printFiles?: boolean;
  } = {},
) {
  let templates = [...(options.templates ?? [])];
  let coupons = [...(options.coupons ?? [])];
  let config: CouponConfigDto = options.config ?? {
    enabled: false,
    templateId: null,
    minValue: 0,
  };
  const calls = {
    saved: [] as { id: string | null; eventId: string | null; body: CouponTemplateInput }[],
    deleted: [] as number[],
    generated: 0,
    generateCalls: 0,
    generateQuantities: [] as (number | undefined)[],
    listedFor: [] as (string | null)[],
    invalidated: [] as number[],
    removed: [] as number[],
    configs: [] as CouponConfigDto[],
  };
  async function saveTemplate(id: string | null, request: Request) {
    const body = (await request.json()) as CouponTemplateInput;
    calls.saved.push({ id, eventId: new URL(request.url).searchParams.get('eventId'), body });
    if (body.name === 'Recusado') return refusal('A porcentagem deve ser no máximo 100.');
    const saved = templateDto({
      ...body,
      id: id === null ? templates.length + 10 : Number(id),
      whiteList: body.whiteList.map((ref) => ({ id: ref.id, name: `Produto ${ref.id}` })),
      blackList: body.blackList.map((ref) => ({ id: ref.id, name: `Produto ${ref.id}` })),
    });
    templates =
      id === null
        ? [...templates, saved]
        : templates.map((item) => (item.id === saved.id ? saved : item));
    return HttpResponse.json(saved);
  }
  server.use(
    http.get('/api/events/selected', () => HttpResponse.json(eventDto())),
    http.get('/api/events/list', () =>
      HttpResponse.json({
        data: [eventDto(), eventDto({ id: 2, name: 'Encontro Regional', selected: false })],
      }),
    ),
    http.get('/api/products/select', () =>
      HttpResponse.json({ data: options.products ?? COUPON_PRODUCTS }),
    ),
    http.get('/api/coupons/templates', ({ request }) => {
      calls.listedFor.push(new URL(request.url).searchParams.get('eventId'));
      return HttpResponse.json(templates);
    }),
    http.post('/api/coupons/templates/:id/generate', async ({ params, request }) => {
      const body = (await request.json().catch(() => null)) as { quantity?: number } | null;
      calls.generateCalls += 1;
      calls.generateQuantities.push(body?.quantity);
      if (calls.generateCalls === options.failGenerateAt)
        return refusal('Impressora indisponível.', 409);
      const quantity = body?.quantity ?? 1;
      const made = Array.from({ length: quantity }, (_, i) =>
        couponDto({ id: calls.generated + i + 1 }),
      );
      calls.generated += quantity;
      templates = templates.map((template) =>
        template.id === Number(params.id)
          ? { ...template, generated: template.generated + quantity }
          : template,
      );
      return HttpResponse.json({
        ...(options.printFiles
          ? { filename: `cupom-${calls.generateCalls}.pdf` }
          : { jobId: calls.generateCalls, printer: 'Balcão 1' }),
        coupon: made.at(-1),
        coupons: made,
      });
    }),
    // With `printFiles` (no printer mapped) each call's PDF is fetched to print in the tab.
    http.get('/api/prints/files/:name', ({ params }) =>
      HttpResponse.text(`%PDF-1.4 ${String(params.name)}`, {
        headers: { 'content-type': 'application/pdf' },
      }),
    ),
    http.post('/api/coupons/templates', ({ request }) => saveTemplate(null, request)),
    http.post('/api/coupons/templates/:id', ({ params, request }) =>
      saveTemplate(String(params.id), request),
    ),
    http.delete('/api/coupons/templates/:id', ({ params }) => {
      calls.deleted.push(Number(params.id));
      templates = templates.filter((template) => template.id !== Number(params.id));
      return HttpResponse.json({ id: Number(params.id) });
    }),
    http.get('/api/coupons/select', ({ request }) => {
      calls.listedFor.push(new URL(request.url).searchParams.get('eventId'));
      return HttpResponse.json(coupons);
    }),
    http.post('/api/coupons/invalidate/:id', ({ params }) => {
      calls.invalidated.push(Number(params.id));
      const found = coupons.find((coupon) => coupon.id === Number(params.id))!;
      const changed = { ...found, isValid: false, state: 'invalidated' as const };
      coupons = coupons.map((coupon) => (coupon.id === changed.id ? changed : coupon));
      return HttpResponse.json(changed);
    }),
    http.post('/api/coupons/delete/:id', ({ params }) => {
      calls.removed.push(Number(params.id));
      const found = coupons.find((coupon) => coupon.id === Number(params.id))!;
      coupons = coupons.filter((coupon) => coupon.id !== found.id);
      return HttpResponse.json(found);
    }),
    http.get('/api/coupons/config', () => HttpResponse.json(config)),
    http.post('/api/coupons/config', async ({ request }) => {
      const body = (await request.json()) as CouponConfigDto;
      calls.configs.push(body);
      config = body;
      return HttpResponse.json(config);
    }),
  );
  return calls;
}
