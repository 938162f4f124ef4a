import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkHealth } from './service.ts';

export const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
          }),
        },
      },
    },
    async () => ({ appMode: app.config.appMode }),
  );
};
