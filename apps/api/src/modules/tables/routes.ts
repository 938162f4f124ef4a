import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { TABLE_PAGE_MAX } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import type { TableResource } from './resource.ts';
import { deleteRow, insertRow, listRows, updateRow, type Caller } from './service.ts';

const PageQuery = Type.Object({
  start: Type.Optional(Type.Integer({ minimum: 0 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: TABLE_PAGE_MAX })),
  search: Type.Optional(Type.String({ maxLength: 255 })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

const RowId = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// `data` is keyed by row id, so its fields cannot be declared here (the validator would strip
// them): each resource's field declarations read it (fields.ts).
const EditorBody = Type.Object({ data: Type.Unknown() });

const TableAnswer = Type.Object({
  data: Type.Array(Type.Unknown()),
  recordsTotal: Type.Optional(Type.Integer()),
  recordsFiltered: Type.Optional(Type.Integer()),
});

/** The routes of docs/table-protocol.md for each resource: select, insert, update, delete. */
export function tableRoutes(
  resources: readonly TableResource<unknown>[],
): FastifyPluginAsyncTypebox {
  return async (app) => {
    const caller = (request: FastifyRequest): Caller => ({
      auth: signedIn(request),
      config: app.config,
    });

    for (const resource of resources) {
      const { path, access } = resource;
      const write = { config: { access: access.write } };

      if (resource.select !== false) {
        app.get(
          `${path}/select`,
          {
            config: { access: access.list },
            schema: { querystring: PageQuery, response: { 200: TableAnswer } },
          },
          async (request) => listRows(app.db, resource, request.query, caller(request)),
        );
      }

      app.post(
        `${path}/insert`,
        { ...write, schema: { body: EditorBody, response: { 200: TableAnswer } } },
        async (request) => insertRow(app.db, resource, request.body.data, caller(request)),
      );

      app.post(
        `${path}/update/:id`,
        { ...write, schema: { params: RowId, body: EditorBody, response: { 200: TableAnswer } } },
        async (request) =>
          updateRow(app.db, resource, request.params.id, request.body.data, caller(request)),
      );

      // The body may be empty or `data[{id}][id]={id}`; the id in the path is what counts.
      app.post(
        `${path}/delete/:id`,
        { ...write, schema: { params: RowId, response: { 200: TableAnswer } } },
        async (request) => deleteRow(app.db, resource, request.params.id, caller(request)),
      );
    }
  };
}
