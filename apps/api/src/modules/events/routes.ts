import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActor } from '../audit/index.ts';
import { eventQrCode, getSelectedEvent, listEvents, selectEvent } from './service.ts';
import { Id } from '../../http/id-schema.ts';
import { Nullable } from '../../http/nullable.ts';

export const EventDtoSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  selected: Type.Boolean(),
  endereco: Nullable(Type.String()),
  local: Nullable(Type.String()),
  valor: Type.Number(),
  inicio: Nullable(Type.String()),
  fim: Nullable(Type.String()),
  linkCourseware: Type.Boolean(),
  printEnabled: Type.Boolean(),
  course: Nullable(Type.Object({ id: Type.Integer() })),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const zone = app.config.eventTimeZone;

  app.get(
    '/events/selected',
    { config: { access: 'signedIn' }, schema: { response: { 200: EventDtoSchema } } },
    async () => getSelectedEvent(app.db, zone),
  );

  app.get(
    '/events/list',
    {
      config: { access: 'signedIn' },
      schema: { response: { 200: Type.Object({ data: Type.Array(EventDtoSchema) }) } },
    },
    async () => ({ data: await listEvents(app.db, zone) }),
  );

  app.post(
    '/events/select',
    {
      config: { access: ['Event', 'System'] },
      schema: {
        body: Type.Object({ id: Id }),
        response: { 200: EventDtoSchema },
      },
    },
    async (request) =>
      selectEvent(app.db, auditActor(request), app.config.now(), request.body.id, zone),
  );

  app.get(
    '/events/qrcode/:id',
    {
      config: { access: ['Event', 'System'] },
      schema: { params: Type.Object({ id: Id }) },
    },
    async (request, reply) => {
      // PUBLIC_URL, never the Host header: a forged Host would point the QR code elsewhere.
      const png = await eventQrCode(app.db, request.params.id, app.config.publicUrl);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );
};
