import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import {
  CASHIER_PERMISSIONS,
  COUPON_ADMIN_PERMISSIONS,
  COUPON_PRINT_BATCH,
  COUPON_STATES,
} from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { type AuditActor, auditActor } from '../audit/index.ts';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import { OrderDtoSchema } from '../orders/index.ts';
import { followOrders } from './order-handlers.ts';
import { applyCoupon } from './apply.ts';
import {
  couponConfig,
  invalidateCoupon,
  listCoupons,
  removeCoupon,
  saveCouponConfig,
} from './coupons.ts';
import { deleteTemplate, generateCoupons, listTemplates, saveTemplate } from './templates.ts';
import { eventOf } from './values.ts';
import { Id } from '../../http/id-schema.ts';
import { Nullable } from '../../http/nullable.ts';

const Params = Type.Object({ id: Id });
const EventQuery = Type.Object({ eventId: Type.Optional(Id) });
// Type coercion may turn a null value into 0: the rules treat 0 % as not filled in, too.
const Category = Type.Union([Type.Literal('Produto'), Type.Literal('Curso')]);
const ProductRef = Type.Object({ id: Type.Integer(), name: Type.String() });
const Counters = {
  generated: Type.Integer(),
  used: Type.Integer(),
  available: Type.Integer(),
  expired: Type.Integer(),
  invalidated: Type.Integer(),
  removed: Type.Integer(),
};

// Only shapes here: every rule (SPEC.md section 5) is the contract's validateCouponTemplate,
// whose pt-BR messages the 400s carry.
const TemplateBody = Type.Object({
  name: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  value: Type.Optional(Nullable(Type.Number())),
  type: Type.Optional(Type.Literal('PERCENT_VALUE')),
  categories: Type.Optional(Nullable(Type.Array(Category, { maxItems: 2 }))),
  startDate: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  expirationDate: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  whiteList: Type.Optional(Nullable(Type.Array(Type.Object({ id: Id }), { maxItems: 5000 }))),
  blackList: Type.Optional(Nullable(Type.Array(Type.Object({ id: Id }), { maxItems: 5000 }))),
  propagate: Type.Optional(Nullable(Type.Boolean())),
});

const TemplateDtoSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  name: Type.String(),
  value: Type.Number(),
  type: Type.Literal('PERCENT_VALUE'),
  categories: Type.Array(Category),
  startDate: Nullable(Type.String()),
  expirationDate: Type.String(),
  whiteList: Type.Array(ProductRef),
  blackList: Type.Array(ProductRef),
  propagate: Type.Boolean(),
  ...Counters,
});

export const CouponDtoSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  eventId: Type.Integer(),
  templateId: Type.Integer(),
  template: Type.Object({ name: Type.String() }),
  value: Type.Number(),
  categories: Type.Array(Category),
  startDate: Nullable(Type.String()),
  expirationDate: Type.String(),
  isValid: Type.Boolean(),
  isUsed: Type.Boolean(),
  usedOrderId: Nullable(Type.Integer()),
  usedAt: Nullable(Type.String()),
  originOrderId: Nullable(Type.Integer()),
  whiteList: Type.Array(ProductRef),
  blackList: Type.Array(ProductRef),
  state: Type.Enum(Object.fromEntries(COUPON_STATES.map((state) => [state, state]))),
  createdAt: Type.String(),
});

const ConfigSchema = Type.Object({
  enabled: Type.Boolean(),
  templateId: Nullable(Id),
  minValue: Type.Integer(),
});

const GenerateOutcome = Type.Union(
  PrintOutcomeSchema.anyOf.map((outcome) =>
    Type.Object({
      ...outcome.properties,
      coupon: CouponDtoSchema,
      coupons: Type.Array(CouponDtoSchema),
    }),
  ),
);

/** Coupon templates, coupons and automatic coupons (docs/coupons-api.md). */
export const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();
  followOrders();
  const admin = { access: COUPON_ADMIN_PERMISSIONS };

  app.get(
    '/coupons/templates',
    {
      config: admin,
      schema: { querystring: EventQuery, response: { 200: Type.Array(TemplateDtoSchema) } },
    },
    async (request) => listTemplates(app.db, await eventOf(app.db, request.query.eventId), now()),
  );

  const save = async (
    actor: AuditActor,
    id: number | undefined,
    eventId: number | undefined,
    body: Static<typeof TemplateBody>,
  ) =>
    saveTemplate(app.db, now(), actor, await eventOf(app.db, eventId), id, {
      name: body.name ?? '',
      value: body.value ?? Number.NaN,
      categories: body.categories ?? [],
      startDate: body.startDate ?? null,
      expirationDate: body.expirationDate ?? '',
      whiteList: body.whiteList ?? [],
      blackList: body.blackList ?? [],
      propagate: body.propagate ?? false,
    });

  app.post(
    '/coupons/templates',
    {
      config: admin,
      schema: { querystring: EventQuery, body: TemplateBody, response: { 200: TemplateDtoSchema } },
    },
    async (request) => save(auditActor(request), undefined, request.query.eventId, request.body),
  );

  app.post(
    '/coupons/templates/:id',
    {
      config: admin,
      schema: {
        params: Params,
        querystring: EventQuery,
        body: TemplateBody,
        response: { 200: TemplateDtoSchema },
      },
    },
    async (request) =>
      save(auditActor(request), request.params.id, request.query.eventId, request.body),
  );

  app.delete(
    '/coupons/templates/:id',
    {
      config: admin,
      schema: { params: Params, response: { 200: Type.Object({ id: Type.Integer() }) } },
    },
    async (request) => deleteTemplate(app.db, now(), auditActor(request), request.params.id),
  );

  app.post(
    '/coupons/templates/:id/generate',
    {
      config: admin,
      // A call without a body (one coupon, as before batches) validates as an empty one.
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
      schema: {
        params: Params,
        // No quantity makes one coupon.
        body: Type.Optional(
          Type.Object({
            quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: COUPON_PRINT_BATCH })),
          }),
        ),
        response: { 200: GenerateOutcome },
      },
    },
    async (request) => {
      const zone = app.config.eventTimeZone;
      const quantity = request.body?.quantity ?? 1;
      return generateCoupons(app.db, now(), auditActor(request), request.params.id, quantity, zone);
    },
  );

  app.get(
    '/coupons/select',
    {
      config: admin,
      schema: { querystring: EventQuery, response: { 200: Type.Array(CouponDtoSchema) } },
    },
    async (request) => listCoupons(app.db, await eventOf(app.db, request.query.eventId), now()),
  );

  app.post(
    '/coupons/delete/:id',
    {
      config: admin,
      schema: { params: Params, querystring: EventQuery, response: { 200: CouponDtoSchema } },
    },
    async (request) =>
      removeCoupon(
        app.db,
        now(),
        auditActor(request),
        request.params.id,
        await eventOf(app.db, request.query.eventId),
      ),
  );

  app.post(
    '/coupons/invalidate/:id',
    { config: admin, schema: { params: Params, response: { 200: CouponDtoSchema } } },
    async (request) => invalidateCoupon(app.db, now(), auditActor(request), request.params.id),
  );

  app.get(
    '/coupons/config',
    { config: admin, schema: { querystring: EventQuery, response: { 200: ConfigSchema } } },
    async (request) => couponConfig(app.db, await eventOf(app.db, request.query.eventId)),
  );

  app.post(
    '/coupons/config',
    {
      config: admin,
      schema: { querystring: EventQuery, body: ConfigSchema, response: { 200: ConfigSchema } },
    },
    async (request) => {
      const eventId = await eventOf(app.db, request.query.eventId);
      return saveCouponConfig(app.db, now(), auditActor(request), eventId, request.body);
    },
  );

  app.post(
    '/carrinho/cupom/:id',
    {
      config: { access: CASHIER_PERMISSIONS },
      schema: {
        params: Params,
        body: Type.Optional(
          Type.Object({ id_cupom: Type.Optional(Nullable(Type.String({ maxLength: 64 }))) }),
        ),
        response: { 200: OrderDtoSchema },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const actor = { id: user.id, username: user.username, desk: request.ip };
      return applyCoupon(app.db, now(), actor, request.params.id, request.body?.id_cupom);
    },
  );
};
