import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signedIn } from '../../auth/access-control.ts';
import { ImportSlots } from './import-slots.ts';
import { importParticipants, importProducts } from './service.ts';
import { parseSheetBody } from './sheet-body.ts';
import { SHEET_BODY_LIMIT, type UploadedSheet } from './sheet-file.ts';
import { importTemplate, type TemplateFile } from './templates.ts';
import { Id } from '../../http/id-schema.ts';

/**
 * `sheet` is the file as a data URL (FileReader.readAsDataURL), CSV or XLSX, which parseSheetBody
 * has already decoded as the body streamed in; it is checked when it is read (sheet-file.ts).
 */
const Sheet = Type.Unsafe<UploadedSheet>({});

const ImportResultSchema = Type.Object({
  fails: Type.Array(Type.Object({ line: Type.Integer(), error: Type.String() })),
  /** Lines saved with a substitution the importer should know about (an unknown center). */
  warnings: Type.Optional(
    Type.Array(Type.Object({ line: Type.Integer(), warning: Type.String() })),
  ),
  failsOmitted: Type.Optional(Type.Integer()),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
});

const TemplateQuery = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
});

function sendTemplate(reply: FastifyReply, file: TemplateFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}

export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // This plugin's routes only: their bodies carry a file of up to 64 MiB.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', parseSheetBody);
  const slots = new ImportSlots();
  // Before the body is read: the file is what takes the memory.
  const takeSlot = async (request: FastifyRequest, reply: FastifyReply) =>
    slots.take(request, reply, signedIn(request).user.id);
  app.get(
    '/participants/upload/template',
    { config: { access: ['ImportParticipants'] }, schema: { querystring: TemplateQuery } },
    async (request, reply) =>
      sendTemplate(reply, await importTemplate('participants', request.query.format)),
  );

  app.get(
    '/produtos/upload/template',
    { config: { access: ['ImportProducts'] }, schema: { querystring: TemplateQuery } },
    async (request, reply) =>
      sendTemplate(reply, await importTemplate('products', request.query.format)),
  );

  app.post(
    '/participants/upload',
    {
      config: { access: ['ImportParticipants'] },
      bodyLimit: SHEET_BODY_LIMIT,
      preParsing: takeSlot,
      schema: {
        body: Type.Object({ sheet: Sheet, eventId: Id }),
        response: { 200: ImportResultSchema },
      },
    },
    async (request) =>
      slots.run(request, () =>
        importParticipants(app.db, {
          ...request.body,
          userId: signedIn(request).user.id,
          now: app.config.now(),
        }),
      ),
  );

  app.post(
    '/produtos/upload',
    {
      config: { access: ['ImportProducts'] },
      bodyLimit: SHEET_BODY_LIMIT,
      preParsing: takeSlot,
      schema: {
        // Products are not per event; the SPA still sends the event it shows.
        body: Type.Object({
          sheet: Sheet,
          eventId: Type.Optional(Type.Union([Id, Type.Null()])),
        }),
        response: { 200: ImportResultSchema },
      },
    },
    async (request) =>
      slots.run(request, () =>
        importProducts(app.db, {
          sheet: request.body.sheet,
          eventId: request.body.eventId ?? null,
          userId: signedIn(request).user.id,
          now: app.config.now(),
        }),
      ),
  );
};
