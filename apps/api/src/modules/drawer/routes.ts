import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CASHIER_PERMISSIONS } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import { auditActor } from '../audit/index.ts';
import { closeDrawer, currentDrawer, eventDrawers, openDrawer } from './service.ts';
import { Id } from '../../http/id-schema.ts';
import { Nullable } from '../../http/nullable.ts';

const Reais = Type.Number();

const DrawerSessionSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  operador: Type.String(),
  abertura: Type.String(),
  fechamento: Nullable(Type.String()),
  troco: Reais,
  formas: Type.Array(
    Type.Object({
      id_forma_pagamento: Type.Integer(),
      descricao: Type.String(),
      recebido: Reais,
      estornado: Reais,
      esperado: Reais,
      contado: Nullable(Reais),
      diferenca: Nullable(Reais),
    }),
  ),
  esperado: Reais,
  contado: Nullable(Reais),
  diferenca: Nullable(Reais),
  impressao: Nullable(PrintOutcomeSchema),
});

/** The cash drawer (docs/orders-api.md, /api/caixa). */
export const drawerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();

  app.post(
    '/caixa/abrir',
    {
      config: { access: CASHIER_PERMISSIONS, money: true },
      schema: {
        body: Type.Object({ troco: Type.Number({ minimum: 0, maximum: 10_000_000 }) }),
        response: { 200: DrawerSessionSchema },
      },
    },
    async (request) => openDrawer(app.db, now(), auditActor(request), request.body.troco),
  );

  app.get(
    '/caixa/atual',
    {
      config: { access: CASHIER_PERMISSIONS },
      schema: { response: { 200: Type.Object({ sessao: Nullable(DrawerSessionSchema) }) } },
    },
    async (request) => currentDrawer(app.db, now(), signedIn(request).user.id),
  );

  app.post(
    '/caixa/fechar',
    {
      config: { access: CASHIER_PERMISSIONS, money: true },
      schema: {
        body: Type.Object({
          contado: Type.Array(
            Type.Object({
              id_forma_pagamento: Id,
              valor: Type.Number({ minimum: 0, maximum: 10_000_000 }),
            }),
            { maxItems: 50 },
          ),
        }),
        response: { 200: DrawerSessionSchema },
      },
    },
    async (request) => {
      const zone = app.config.eventTimeZone;
      return closeDrawer(app.db, now(), auditActor(request), request.body.contado, zone);
    },
  );

  app.get(
    '/caixa/sessoes',
    {
      config: { access: ['Report'] },
      schema: {
        querystring: Type.Object({ eventId: Id }),
        response: { 200: Type.Array(DrawerSessionSchema) },
      },
    },
    async (request) => eventDrawers(app.db, now(), request.query.eventId),
  );
};
