import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { TABLE_PAGE_MAX } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { auditActor } from '../audit/index.ts';
import { editorBodyDocSchema } from './fields.ts';
import type { RowKey, TableResource } from './resource.ts';
import { deleteRow, insertRow, listRows, updateRow, type Caller } from './service.ts';
import { Id } from '../../http/id-schema.ts';

// A bounded start: 1e20 is an integer to the validator but not to the database.
const START_MAX = 1_000_000_000;

const PageQuery = Type.Object({
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: START_MAX })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: TABLE_PAGE_MAX })),
  search: Type.Optional(Type.String({ maxLength: 255 })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

// `data` is keyed by row id, so its fields cannot be declared here (the validator would strip
// them): each resource's field declarations read it (fields.ts).
const EditorBody = Type.Object({ data: Type.Unknown() });

const answerSchema = (totals: readonly string[] = []) =>
  Type.Object({
    data: Type.Array(Type.Unknown()),
    recordsTotal: Type.Optional(Type.Integer()),
    recordsFiltered: Type.Optional(Type.Integer()),
    ...Object.fromEntries(totals.map((name) => [name, Type.Optional(Type.Integer())])),
  });

const ID_SCHEMAS = {
  integer: Id,
  text: Type.String({ minLength: 1, maxLength: 64 }),
};

/** The path parameters of a resource: its parent's id (nested resources) and the row id. */
function paramSchemas(resource: TableResource<unknown, RowKey>) {
  const parent: Record<string, TSchema> = resource.parent ? { [resource.parent.param]: Id } : {};
  return {
    parent: Type.Object(parent),
    row: Type.Object({ ...parent, id: ID_SCHEMAS[resource.idType ?? 'integer'] }),
  };
}

/** The routes of docs/table-protocol.md for each resource: select, insert, update, delete. */
export function tableRoutes(
  resources: readonly TableResource<unknown, RowKey>[],
): FastifyPluginAsyncTypebox {
  return async (app) => {
    const caller = (request: FastifyRequest): Caller => ({
      auth: signedIn(request),
      config: app.config,
      actor: auditActor(request),
    });

    for (const resource of resources) {
      const { path, access } = resource;
      const write = { config: { access: access.write } };
      const documented = (mode: 'insert' | 'update') => ({
        config: { ...write.config, openapiBody: editorBodyDocSchema(resource.fields, mode) },
      });
      const params = paramSchemas(resource);
      const answer = { 200: answerSchema() };
      // Validated by the params schema: the parent id is an integer, the row id an integer or text.
      const parentId = (request: FastifyRequest): number | undefined =>
        resource.parent
          ? Number((request.params as Record<string, unknown>)[resource.parent.param])
          : undefined;
      const rowId = (request: FastifyRequest): RowKey => (request.params as { id: RowKey }).id;

      if (resource.select !== false) {
        app.get(
          `${path}/select`,
          {
            config: { access: access.list },
            schema: {
              params: params.parent,
              querystring: PageQuery,
              response: { 200: answerSchema(resource.totals?.names) },
            },
          },
          async (request) =>
            listRows(app.db, resource, request.query, caller(request), parentId(request)),
        );
      }

      app.post(
        `${path}/insert`,
        {
          ...documented('insert'),
          schema: { params: params.parent, body: EditorBody, response: answer },
        },
        async (request) =>
          insertRow(app.db, resource, request.body.data, caller(request), parentId(request)),
      );

      app.post(
        `${path}/update/:id`,
        {
          ...documented('update'),
          schema: { params: params.row, body: EditorBody, response: answer },
        },
        async (request) =>
          updateRow(
            app.db,
            resource,
            rowId(request),
            request.body.data,
            caller(request),
            parentId(request),
          ),
      );

      // The body may be empty or `data[{id}][id]={id}`; the id in the path is what counts.
      app.post(
        `${path}/delete/:id`,
        { ...write, schema: { params: params.row, response: answer } },
        async (request) =>
          deleteRow(app.db, resource, rowId(request), caller(request), parentId(request)),
      );
    }
  };
}
