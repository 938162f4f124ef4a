import { http, HttpResponse } from 'msw';
import {
  PIX_PSP_NOT_CONFIGURED,
  PIX_PSP_NOT_CONFIGURED_CODE,
  duplicateItemMessage,
  orderAmounts,
  stockShortageMessage,
  toCents,
  toReais,
  withCheckDigits,
  type CartUpdateRequest,
  type DrawerSessionDto,
  type OrderDto,
  type PaymentMethodDto,
  type PaymentRequest,
  type PixRefundDto,
  type SaleProduct,
} from '@balcao/contract';
import { server } from './server';
import { eventDto } from './fixtures';

export const MARIA = { cpf: withCheckDigits('529982247'), name: 'Maria Souza' };

export const PRODUCTS: SaleProduct[] = [
  product(1, 'Camiseta', 50, 'CAM01'),
  product(2, 'Caneca', 25.5, 'CAN02'),
  product(3, 'Livro do Curso', 120, 'LIV03'),
  { ...product(4, 'Curso de Oratória', 300, 'CUR04'), categoria: 'Curso' },
];

export const METHODS: PaymentMethodDto[] = [
  { id_forma_pagamento: 1, descricao: 'Dinheiro' },
  { id_forma_pagamento: 2, descricao: 'Cartão de crédito' },
  { id_forma_pagamento: 3, descricao: 'PIX' },
];

function product(id: number, name: string, preco: number, codTotvs: string): SaleProduct {
  return { id, name, descricao: name, preco, categoria: 'Produto', codTotvs, inventory: 10 };
}

const conflict = (description: string, status = 409) =>
  HttpResponse.json({ error: 'conflict', error_description: description }, { status });

/**
 * The cart calls of docs/orders-api.md over an in-memory list of orders, with the contract's money
 * math; `calls` records what the SPA sent.
 */
export function serveStore(
  options: {
    orders?: OrderDto[];
    stock?: Record<number, number>;
    refundFails?: boolean;
    /** What the estorno answers of the order's bank-confirmed Pix (`devolucoesPix`; none). */
    pixRefunds?: PixRefundDto[];
    pixFails?: boolean;
    /** POST /api/carrinho/unificar answers this 409. */
    unifyRefusal?: string;
    /** GET /api/carrinho/desconto-maximo (100 by default). */
    maxDiscount?: number;
  } = {},
) {
  const orders = new Map((options.orders ?? []).map((order) => [order.id, order]));
  let nextId = 100;
  let drawer: DrawerSessionDto | null = null;
  const calls = {
    created: 0,
    updates: [] as CartUpdateRequest[],
    finalized: [] as unknown[],
    payments: [] as { body: PaymentRequest; key: string | null }[],
    receipts: [] as number[],
    removed: [] as number[],
    delivered: [] as number[],
    pix: [] as string[],
    drawerCounts: [] as unknown[],
    refunds: [] as { id: number; body: unknown; key: string | null }[],
    deliveryReceipts: [] as number[],
    unified: [] as unknown[],
    drawerReports: [] as string[],
  };
  server.use(
    http.get('/api/events/selected', () => HttpResponse.json(eventDto())),
    http.get('/api/produtos/lista', () => HttpResponse.json({ data: PRODUCTS })),
    http.post('/api/carrinho/novo', () => {
      calls.created += 1;
      nextId += 1;
      orders.set(nextId, orderDto({ id: nextId, items: [], estadoPedido: 'CARRINHO' }));
      return HttpResponse.json({ id: nextId });
    }),
    http.post('/api/carrinho/atualizar/:id', async ({ params, request }) => {
      const body = (await request.json()) as CartUpdateRequest;
      calls.updates.push(body);
      const order = orders.get(Number(params.id));
      if (!order) return conflict('Pedido não encontrado.', 404);
      const seen = new Set<number>();
      for (const item of body.items) {
        const found = PRODUCTS.find((p) => p.id === item.produto_id)!;
        if (seen.has(item.produto_id)) return conflict(duplicateItemMessage(found.descricao), 400);
        seen.add(item.produto_id);
        const stock = options.stock?.[item.produto_id] ?? found.inventory;
        if (item.quantidade > stock) return conflict(stockShortageMessage(found.descricao, stock));
      }
      const updated = withItems(order, body);
      orders.set(updated.id, updated);
      return HttpResponse.json(updated);
    }),
    http.get('/api/participants/name/:cpf', ({ params }) =>
      params.cpf === MARIA.cpf
        ? HttpResponse.json({ name: MARIA.name })
        : conflict('Participante não cadastrado no evento.', 404),
    ),
    http.post('/api/carrinho/finalizar/:id', async ({ params, request }) => {
      const body = (await request.json()) as { id_cliente: string };
      calls.finalized.push(body);
      const order = orders.get(Number(params.id))!;
      const finalized: OrderDto = {
        ...order,
        cpf: MARIA.cpf,
        nome: MARIA.name,
        participantId: 41,
        data_associado: '2026-11-23T12:30:00.000Z',
        estadoPedido: 'AGUARDANDO_PAGAMENTO',
      };
      orders.set(finalized.id, finalized);
      return HttpResponse.json(finalized);
    }),
    http.delete('/api/carrinho/remover/:id', ({ params }) => {
      calls.removed.push(Number(params.id));
      const order = orders.get(Number(params.id))!;
      orders.set(order.id, { ...order, estadoPedido: 'REMOVIDO' });
      return HttpResponse.json({ ...order, estadoPedido: 'REMOVIDO' });
    }),
    http.post('/api/carrinho/unificar', async ({ request }) => {
      const body = (await request.json()) as { id_cliente: string; carrinhos: number[] };
      calls.unified.push(body);
      if (options.unifyRefusal) return conflict(options.unifyRefusal);
      const [first, ...others] = body.carrinhos.map((id) => orders.get(id)!);
      const quantities = new Map<number, number>();
      for (const order of [first!, ...others])
        for (const item of order.items)
          quantities.set(item.id_produto, (quantities.get(item.id_produto) ?? 0) + item.quantidade);
      const merged = withItems(first!, {
        items: [...quantities].map(([produto_id, quantidade]) => ({
          produto_id,
          quantidade,
          desconto: 0,
        })),
      });
      orders.set(merged.id, merged);
      for (const order of others) orders.set(order.id, { ...order, estadoPedido: 'REMOVIDO' });
      return HttpResponse.json(merged);
    }),
    http.get('/api/carrinho/aberto', () =>
      HttpResponse.json(
        [...orders.values()].filter((order) => order.estadoPedido === 'AGUARDANDO_PAGAMENTO'),
      ),
    ),
    http.get('/api/carrinho/pagamento', () => HttpResponse.json(METHODS)),
    http.post('/api/carrinho/pagamento/:id', async ({ params, request }) => {
      const body = (await request.json()) as PaymentRequest;
      calls.payments.push({ body, key: request.headers.get('Idempotency-Key') });
      const order = orders.get(Number(params.id))!;
      const paid: OrderDto = {
        ...order,
        estadoPedido: 'PAGO',
        caixa: 'caixa1',
        payments: body.pagamentos.map((entry) => ({
          id_forma_pagamento: entry.id_forma_pagamento,
          valor: entry.valor,
          endToEndId: null,
          descricao:
            METHODS.find((m) => m.id_forma_pagamento === entry.id_forma_pagamento)?.descricao ?? '',
        })),
      };
      orders.set(paid.id, paid);
      return HttpResponse.json(paid);
    }),
    http.get('/api/carrinho/imprimir/recibo/:id', ({ params }) => {
      calls.receipts.push(Number(params.id));
      return HttpResponse.json({ jobId: 7, printer: 'Caixa 1' });
    }),
    http.get('/api/carrinho/entregar', () =>
      HttpResponse.json([...orders.values()].filter((order) => order.estadoPedido === 'PAGO')),
    ),
    http.post('/api/carrinho/entregar/:id', ({ params }) => {
      const order = orders.get(Number(params.id))!;
      if (order.estadoPedido !== 'PAGO') return conflict('O pedido já foi entregue.');
      calls.delivered.push(order.id);
      const done: OrderDto = {
        ...order,
        estadoPedido: 'ENTREGUE',
        history: [
          ...order.history,
          {
            action: 'entregar',
            from: 'PAGO',
            to: 'ENTREGUE',
            user: 'expedicao1',
            desk: '127.0.0.1',
            at: '2026-11-23T13:00:00.000Z',
          },
        ],
      };
      orders.set(done.id, done);
      return HttpResponse.json(done);
    }),
    http.get('/api/caixa/atual', () => HttpResponse.json({ sessao: drawer })),
    http.get('/api/carrinho/desconto-maximo', () =>
      HttpResponse.json({ desconto_maximo: options.maxDiscount ?? 100 }),
    ),
    http.post('/api/caixa/abrir', async ({ request }) => {
      const { troco } = (await request.json()) as { troco: number };
      drawer = drawerDto(troco);
      return HttpResponse.json(drawer);
    }),
    http.post('/api/caixa/fechar', async ({ request }) => {
      const { contado } = (await request.json()) as {
        contado: { id_forma_pagamento: number; valor: number }[];
      };
      calls.drawerCounts.push(contado);
      const open = drawer!;
      drawer = null;
      return HttpResponse.json(closedDrawer(open, contado));
    }),
    http.get('/api/events/list', () => HttpResponse.json({ data: [eventDto()] })),
    http.get('/api/caixa/sessoes', ({ request }) => {
      calls.drawerReports.push(new URL(request.url).searchParams.get('eventId') ?? '');
      const closed = closedDrawer(drawerDto(100), [
        { id_forma_pagamento: 1, valor: 185 },
        { id_forma_pagamento: 2, valor: 50 },
      ]);
      return HttpResponse.json([
        { ...drawerDto(0), id: 4, impressao: null },
        { ...closed, impressao: null },
      ]);
    }),
    // No PSP connected: the till shows the static BR Code (PSP tests add their own handlers).
    http.post('/api/carrinho/pix/:id/cobranca', () =>
      HttpResponse.json(
        { error: PIX_PSP_NOT_CONFIGURED_CODE, error_description: PIX_PSP_NOT_CONFIGURED },
        { status: 409 },
      ),
    ),
    http.get('/api/carrinho/pix/:id', ({ params, request }) => {
      const valor = new URL(request.url).searchParams.get('valor');
      calls.pix.push(`${params.id}:${valor}`);
      return options.pixFails
        ? conflict('A chave PIX não foi configurada. Consulte os administradores.')
        : HttpResponse.json({
            payload: `00020126BR.GOV.BCB.PIX54${valor}6304ABCD`,
            txid: `BALCAO${params.id}`,
          });
    }),
    http.get('/api/carrinho/pagos', () =>
      HttpResponse.json(
        [...orders.values()].filter((order) =>
          ['PAGO', 'ENTREGUE', 'ESTORNADO'].includes(order.estadoPedido),
        ),
      ),
    ),
    http.post('/api/carrinho/estornar/:id', async ({ params, request }) => {
      const order = orders.get(Number(params.id))!;
      calls.refunds.push({
        id: order.id,
        body: await request.json(),
        key: request.headers.get('Idempotency-Key'),
      });
      if (options.refundFails) return conflict('Falha no estorno.', 500);
      const done: OrderDto = { ...order, estadoPedido: 'ESTORNADO' };
      orders.set(done.id, done);
      return HttpResponse.json({ ...done, devolucoesPix: options.pixRefunds ?? [] });
    }),
    http.get('/api/carrinho/imprimir/expedicao/:id', ({ params }) => {
      calls.deliveryReceipts.push(Number(params.id));
      return HttpResponse.json({ jobId: 8, printer: 'Expedição 1' });
    }),
  );
  return calls;
}

/** An open drawer with R$ 90,00 taken in cash and R$ 50,00 by card. */
function drawerDto(troco: number): DrawerSessionDto {
  const method = (id: number, descricao: string, recebido: number, esperado: number) => ({
    id_forma_pagamento: id,
    descricao,
    recebido,
    estornado: 0,
    esperado,
    contado: null,
    diferenca: null,
  });
  return {
    id: 3,
    eventId: 1,
    operador: 'caixa1',
    abertura: '2026-11-23T12:00:00.000Z',
    fechamento: null,
    troco,
    formas: [method(1, 'Dinheiro', 90, 90 + troco), method(2, 'Cartão de crédito', 50, 50)],
    esperado: 140 + troco,
    contado: null,
    diferenca: null,
    impressao: null,
  };
}

function closedDrawer(
  open: DrawerSessionDto,
  contado: { id_forma_pagamento: number; valor: number }[],
): DrawerSessionDto {
  const formas = open.formas.map((method) => {
    const counted = contado.find((c) => c.id_forma_pagamento === method.id_forma_pagamento);
    const valor = counted?.valor ?? 0;
    return {
      ...method,
      contado: valor,
      diferenca: toReais(toCents(valor) - toCents(method.esperado)),
    };
  });
  const total = toReais(formas.reduce((sum, method) => sum + toCents(method.contado), 0));
  return {
    ...open,
    fechamento: '2026-11-23T20:00:00.000Z',
    formas,
    contado: total,
    diferenca: toReais(toCents(total) - toCents(open.esperado)),
    impressao: { jobId: 9, printer: 'Caixa 1' },
  };
}

/** The order with these lines, amounts computed by the contract as the server does. */
export function withItems(order: OrderDto, body: CartUpdateRequest): OrderDto {
  const lines = body.items.filter((item) => item.quantidade > 0);
  const inputs = lines.map((item) => ({
    unitPrice: toCents(PRODUCTS.find((p) => p.id === item.produto_id)!.preco),
    quantity: item.quantidade,
    discountPercent: item.desconto,
  }));
  const amounts = orderAmounts(inputs);
  return {
    ...order,
    items: lines.map((item, i) => {
      const found = PRODUCTS.find((p) => p.id === item.produto_id)!;
      const line = amounts.lines[i]!;
      return {
        id_produto: found.id,
        descricao: found.descricao,
        categoria: found.categoria,
        codTotvs: found.codTotvs,
        preco: found.preco,
        quantidade: item.quantidade,
        desconto: item.desconto,
        valor_desconto: toReais(line.discount),
        total: toReais(line.net),
      };
    }),
    total: toReais(amounts.net),
  };
}

export function orderDto(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 12,
    eventId: 1,
    cpf: MARIA.cpf,
    nome: MARIA.name,
    participantId: 41,
    data_associado: '2026-11-23T12:30:00.000Z',
    items: [],
    total: 0,
    estadoPedido: 'AGUARDANDO_PAGAMENTO',
    payments: [],
    coupon: null,
    vendedor: 'vendedor1',
    caixa: null,
    date: '2026-11-23T12:20:00.000Z',
    history: [],
    ...overrides,
  };
}
