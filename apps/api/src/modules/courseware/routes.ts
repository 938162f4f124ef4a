import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn } from '../../auth/access-control.ts';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import { CoursewareDtoSchema } from './courseware-dto.ts';
import { LABELS_PER_PRINT_MAX } from '@balcao/contract';
import { findCourseware, printCoursewareLabels, returnCourseware } from './service.ts';
import { Id } from '../../http/id-schema.ts';

const Code = Type.String({ minLength: 1, maxLength: 64 });
const ById = Type.Object({ id: Code });

/** Courseware lookups, return and label printing; the table itself is a tables resource. */
export const coursewareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/coursewares/:id',
    {
      config: { access: ['Courseware', 'ReturnCourseware', 'ChangeCourseware', 'Subscription'] },
      schema: { params: ById, response: { 200: CoursewareDtoSchema } },
    },
    async (request) => findCourseware(app.db, request.params.id),
  );

  app.post(
    '/courseware/return/:id',
    {
      config: { access: ['ReturnCourseware'] },
      schema: { params: ById, response: { 200: CoursewareDtoSchema } },
    },
    async (request) => returnCourseware(app.db, app.config.now(), request.params.id),
  );

  // `{id}` prints one label (the SPA's batch calls it per courseware), `{ids}` several in one PDF.
  app.post(
    '/courses/:courseId/coursewares/print',
    {
      config: { access: ['Courseware'] },
      schema: {
        params: Type.Object({ courseId: Id }),
        body: Type.Optional(
          Type.Object({
            id: Type.Optional(Code),
            ids: Type.Optional(Type.Array(Code, { maxItems: LABELS_PER_PRINT_MAX })),
          }),
        ),
        response: { 200: PrintOutcomeSchema },
      },
    },
    async (request) => {
      const { id, ids = [] } = request.body ?? {};
      const chosen = id === undefined ? ids : [id, ...ids];
      const { user } = signedIn(request);
      const now = app.config.now();
      return printCoursewareLabels(app.db, now, user, request.params.courseId, chosen);
    },
  );
};
