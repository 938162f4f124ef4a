import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FOOD_REFRESH_MAX, FOOD_REFRESH_MIN, FOOD_UNITS_MAX } from '@balcao/contract';
import { auditActor } from '../audit/index.ts';
import { foodConfig, foodSales, productCategories, saveFoodConfig } from './service.ts';
import { Id } from '../../http/id-schema.ts';
import { Nullable } from '../../http/nullable.ts';

const Units = Type.Integer({ minimum: -FOOD_UNITS_MAX, maximum: FOOD_UNITS_MAX });

const FoodConfigSchema = Type.Object({
  offset: Units,
  target: Type.Integer({ minimum: 0, maximum: FOOD_UNITS_MAX }),
  refreshInterval: Type.Integer({ minimum: FOOD_REFRESH_MIN, maximum: FOOD_REFRESH_MAX }),
  categoryIds: Type.Array(Id, { maxItems: 500 }),
});

/** 'Configurar alimentos' and the kitchen panel (docs/food-api.md), System only. */
export const foodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = { access: ['System'] as const };

  app.get(
    '/alimentos/config',
    { config: access, schema: { response: { 200: FoodConfigSchema } } },
    async () => foodConfig(app.db),
  );

  app.post(
    '/alimentos/config',
    { config: access, schema: { body: FoodConfigSchema, response: { 200: FoodConfigSchema } } },
    async (request) => saveFoodConfig(app.db, app.config.now(), auditActor(request), request.body),
  );

  app.get(
    '/alimentos/categorias',
    {
      config: access,
      schema: {
        response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) },
      },
    },
    async () => productCategories(app.db),
  );

  app.get(
    '/alimentos/vendidos',
    {
      config: access,
      schema: {
        response: {
          200: Type.Object({
            eventId: Nullable(Type.Integer()),
            eventName: Nullable(Type.String()),
            sold: Type.Integer(),
            offset: Type.Integer(),
            total: Type.Integer(),
            target: Type.Integer(),
            refreshInterval: Type.Integer(),
          }),
        },
      },
    },
    async () => foodSales(app.db),
  );
};
