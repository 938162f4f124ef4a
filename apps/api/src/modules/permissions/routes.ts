import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPermissions } from './service.ts';

const PermissionRowSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  friendlyName: Type.String(),
});

export const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/permissions/select',
    {
      config: { access: ['System'] },
      schema: { response: { 200: Type.Object({ data: Type.Array(PermissionRowSchema) }) } },
    },
    async () => ({ data: await listPermissions(app.db) }),
  );
};
