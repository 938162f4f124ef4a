import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn } from '../../auth/access-control.ts';
import { grantTokens, revokeLogin } from './service.ts';

const Secret = Type.String({ maxLength: 1024 });

const TokenRequest = Type.Object({
  grant_type: Type.Optional(Type.String({ maxLength: 32 })),
  username: Type.Optional(Type.String({ maxLength: 255 })),
  password: Type.Optional(Secret),
  refresh_token: Type.Optional(Secret),
  totp_code: Type.Optional(Type.String({ maxLength: 32 })),
});

const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  issue_date: Type.String(),
  expires_in: Type.Integer(),
  user_id: Type.Integer(),
  accept_header: Type.String(),
  username: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  center: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  totp_enrolment_required: Type.Boolean(),
});

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/token',
    {
      config: { access: 'public' },
      schema: { body: TokenRequest, response: { 200: TokenResponse } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store'); // tokens must not sit in any cache
      return grantTokens(app.db, app.config, request.body, request.ip);
    },
  );

  app.post(
    '/token/revoke',
    { config: { access: 'signedIn', totpEnrolment: true, kiosk: true } },
    async (request, reply) => {
      await revokeLogin(app.db, signedIn(request).familyId, app.config.now());
      return reply.status(204).send();
    },
  );
};
