import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STORE_PERMISSIONS } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import { listSaleProducts, printProductTags } from './service.ts';
import { Id } from '../../http/id-schema.ts';

const SaleProductSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  descricao: Type.String(),
  preco: Type.Number(),
  categoria: Type.Union([Type.Literal('Produto'), Type.Literal('Curso')]),
  codTotvs: Type.Union([Type.String(), Type.Null()]),
  inventory: Type.Integer(),
});

export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The sale screens and the cashier (SPEC.md section 2) list what can be sold.
  app.get(
    '/produtos/lista',
    {
      config: { access: [...STORE_PERMISSIONS, 'Checkout', 'CheckoutDelivery'] },
      schema: { response: { 200: Type.Object({ data: Type.Array(SaleProductSchema) }) } },
    },
    async (request) => ({ data: await listSaleProducts(app.db, signedIn(request).user.id) }),
  );

  app.post(
    '/products/:id/print',
    {
      config: { access: ['Product', 'ProductTags'] },
      schema: {
        params: Type.Object({ id: Id }),
        // A sheet holds three tags; no quantity prints one sheet.
        body: Type.Optional(
          Type.Object({ quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 3000 })) }),
        ),
        response: { 200: PrintOutcomeSchema },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const quantity = request.body?.quantity ?? 3;
      return printProductTags(app.db, app.config.now(), user, request.params.id, quantity);
    },
  );
};
