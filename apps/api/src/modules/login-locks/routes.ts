import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Id } from '../../http/id-schema.ts';
import { auditActor } from '../audit/index.ts';
import { clearLoginLock, loginLocks } from './service.ts';

const LoginLock = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  failures: Type.Integer(),
});

/** The accounts the login limits hold, seen and cleared by the admin (docs/api-foundation.md). */
export const loginLockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();

  app.get(
    '/users/login-locks',
    {
      config: { access: ['System'] },
      schema: { response: { 200: Type.Object({ data: Type.Array(LoginLock) }) } },
    },
    async () => ({ data: await loginLocks(app.db, now()) }),
  );

  app.delete(
    '/users/:id/login-lock',
    { config: { access: ['System'] }, schema: { params: Type.Object({ id: Id }) } },
    async (request, reply) => {
      await clearLoginLock(app.db, auditActor(request), request.params.id, now());
      return reply.status(204).send();
    },
  );
};
