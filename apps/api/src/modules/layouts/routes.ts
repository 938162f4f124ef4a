import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LAYOUT_DOCUMENTS, LAYOUT_PDF_MAX_BYTES, isKiosk } from '@balcao/contract';
import { forbidden } from '../../http/api-error.ts';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import { auditActor } from '../audit/index.ts';
import {
  getLayout,
  layoutSample,
  printTest,
  resetLayout,
  saveLayout,
  uploadImage,
} from './service.ts';

const Params = Type.Object({
  document: Type.Union(LAYOUT_DOCUMENTS.map((document) => Type.Literal(document))),
});

const DESCRIPTION = 'Layout (versão 1): page e elements, em mm (packages/contract/src/layouts.ts).';
/**
 * A declaration as sent, checked by layoutProblems (pt-BR, every fault named) rather than by a
 * schema: the app's validator would strip what it does not know before the check could name it.
 */
const SentDeclaration = Type.Unknown({ description: DESCRIPTION });
const Declaration = Type.Object({}, { additionalProperties: true, description: DESCRIPTION });

const LayoutImageSchema = Type.Object({
  id: Type.String(),
  mime: Type.String(),
  widthPx: Type.Integer(),
  heightPx: Type.Integer(),
  pageMm: Type.Optional(Type.Object({ widthMm: Type.Number(), heightMm: Type.Number() })),
  dataUrl: Type.String(),
});

const LayoutDtoSchema = Type.Object({
  document: Type.String(),
  custom: Type.Boolean(),
  layout: Declaration,
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  images: Type.Record(Type.String(), LayoutImageSchema),
});

/** The selected event's layouts of its printed documents (docs/layouts-api.md). */
export const layoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const system = { access: ['System'] as const };

  // Any signed-in desk reads the layout it prints with (the offline desk draws badges with it).
  app.get(
    '/layouts/:document',
    {
      // A kiosk too, for the badge only: it draws badges offline (docs/kiosk-api.md).
      config: { access: 'signedIn', kiosk: true },
      schema: { params: Params, response: { 200: LayoutDtoSchema } },
    },
    async (request) => {
      if (isKiosk(request.auth?.user.permissions ?? []) && request.params.document !== 'badge') {
        throw forbidden();
      }
      return getLayout(app.db, request.params.document);
    },
  );

  app.put(
    '/layouts/:document',
    {
      config: system,
      schema: { params: Params, body: SentDeclaration, response: { 200: LayoutDtoSchema } },
    },
    async (request) =>
      saveLayout(
        app.db,
        app.config.now(),
        auditActor(request),
        request.params.document,
        request.body,
      ),
  );

  app.delete(
    '/layouts/:document',
    { config: system, schema: { params: Params, response: { 200: LayoutDtoSchema } } },
    async (request) =>
      resetLayout(app.db, app.config.now(), auditActor(request), request.params.document),
  );

  app.post(
    '/layouts/images',
    {
      config: system,
      // Room past the largest upload's base64 (a PDF's), so a somewhat bigger one hears its limit.
      bodyLimit: LAYOUT_PDF_MAX_BYTES * 2,
      schema: {
        body: Type.Object({ dataUrl: Type.String({ maxLength: LAYOUT_PDF_MAX_BYTES * 2 }) }),
        response: { 200: LayoutImageSchema },
      },
    },
    async (request) =>
      uploadImage(app.db, app.config.now(), auditActor(request), request.body.dataUrl),
  );

  app.get(
    '/layouts/:document/sample',
    {
      config: system,
      schema: {
        params: Params,
        response: {
          200: Type.Object({
            document: Type.String(),
            source: Type.String(),
            values: Type.Record(Type.String(), Type.String()),
          }),
        },
      },
    },
    async (request) => layoutSample(app.db, request.params.document, app.config.publicUrl),
  );

  app.post(
    '/layouts/:document/print-test',
    {
      config: system,
      schema: {
        params: Params,
        body: Type.Object({ layout: SentDeclaration }),
        response: { 200: PrintOutcomeSchema },
      },
    },
    async (request) =>
      printTest(
        app.db,
        app.config.now(),
        auditActor(request),
        request.params.document,
        request.body.layout,
        app.config.publicUrl,
      ),
  );
};
