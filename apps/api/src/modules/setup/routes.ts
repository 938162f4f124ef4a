import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SETUP_STEPS, type SetupStepKey } from '@balcao/contract';
import { checkHealth } from './service.ts';
import { getSetupStatus } from './setup-status.ts';

const SetupStatusSchema = Type.Object({
  complete: Type.Boolean(),
  steps: Type.Array(
    Type.Object({
      key: Type.Unsafe<SetupStepKey>(Type.String({ enum: SETUP_STEPS.map((step) => step.key) })),
      done: Type.Boolean(),
    }),
  ),
});

export const setupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => checkHealth(app.db),
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: Type.Object({
            appMode: Type.Union([Type.Literal('production'), Type.Literal('FULL_SGE')]),
            timeZone: Type.String(),
          }),
        },
      },
    },
    async () => ({ appMode: app.config.appMode, timeZone: app.config.eventTimeZone }),
  );

  app.get(
    '/system/setup-status',
    { config: { access: ['System'] }, schema: { response: { 200: SetupStatusSchema } } },
    async () => getSetupStatus(app.db),
  );
};
