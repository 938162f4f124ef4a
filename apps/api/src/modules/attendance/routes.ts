import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { attendanceColumns, attendanceRows } from './service.ts';
import { Id } from '../../http/id-schema.ts';

const EventQuery = Type.Object({ eventId: Type.Optional(Id) });

const ColumnsAnswer = Type.Object({
  columns: Type.Array(Type.Object({ key: Type.String(), title: Type.String() })),
});

const RowsAnswer = Type.Object({
  data: Type.Array(
    Type.Object(
      {
        id: Type.Integer(),
        cpf: Type.String(),
        name: Type.String(),
        center: Type.Union([Type.String(), Type.Null()]),
        total: Type.Integer(),
      },
      // column_0 ... column_{n-1}: 'HH:mm' or null.
      { additionalProperties: Type.Union([Type.String(), Type.Null()]) },
    ),
  ),
});

/** 'Lista de Presença': without eventId, the selected event. */
export const attendanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = { access: ['Attendance', 'Report'] as const };
  const zone = app.config.eventTimeZone;

  app.get(
    '/attendance/select/columns',
    { config: access, schema: { querystring: EventQuery, response: { 200: ColumnsAnswer } } },
    async (request) => attendanceColumns(app.db, zone, request.query.eventId),
  );

  app.get(
    '/attendance/select',
    { config: access, schema: { querystring: EventQuery, response: { 200: RowsAnswer } } },
    async (request) => attendanceRows(app.db, zone, request.query.eventId),
  );
};
