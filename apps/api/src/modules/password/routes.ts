import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn } from '../../auth/access-control.ts';
import { auditActor } from '../audit/index.ts';
import { updateOwnPassword } from './service.ts';

const Password = Type.String({ maxLength: 1024 });

const PasswordUpdate = Type.Object({
  currentPassword: Password,
  newPassword: Password,
  newPasswordConfirmation: Password,
});

export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users/password/update',
    { config: { access: 'signedIn' }, schema: { body: PasswordUpdate } },
    async (request, reply) => {
      await updateOwnPassword(
        app.db,
        signedIn(request),
        auditActor(request),
        request.body,
        request.ip,
        app.config.now(),
      );
      return reply.status(204).send();
    },
  );
};
