import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn } from '../../auth/access-control.ts';
import { auditActor } from '../audit/index.ts';
import { Id } from '../../http/id-schema.ts';
import {
  confirmEnrolment,
  disableTotp,
  resetUserTotp,
  securitySettings,
  startEnrolment,
  totpStatus,
  updateSecuritySettings,
} from './service.ts';

const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) });
const Settings = Type.Object({ requireTotpForSystem: Type.Boolean() });

/** 'Autenticação em dois fatores' (docs/api-foundation.md): the caller's own TOTP, and the setting. */
export const totpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();
  const key = app.config.totpKey;
  // A login that may only enrol reaches these (config.totpEnrolment), and nothing else.
  const enrolment = { access: 'signedIn', totpEnrolment: true } as const;

  app.get(
    '/account/totp',
    {
      config: enrolment,
      schema: {
        response: {
          200: Type.Object({
            enabled: Type.Boolean(),
            recoveryCodesLeft: Type.Integer(),
            required: Type.Boolean(),
          }),
        },
      },
    },
    async (request) => totpStatus(app.db, signedIn(request)),
  );

  app.post(
    '/account/totp/enrol',
    {
      config: enrolment,
      schema: {
        response: {
          200: Type.Object({
            secret: Type.String(),
            otpauthUrl: Type.String(),
            qrCode: Type.String(),
          }),
        },
      },
    },
    async (request) => startEnrolment(app.db, signedIn(request), key),
  );

  app.post(
    '/account/totp/confirm',
    {
      config: enrolment,
      schema: {
        body: Code,
        response: { 200: Type.Object({ recoveryCodes: Type.Array(Type.String()) }) },
      },
    },
    async (request) =>
      confirmEnrolment(
        app.db,
        signedIn(request),
        auditActor(request),
        request.body.code,
        request.ip,
        now(),
        key,
      ),
  );

  app.post(
    '/account/totp/disable',
    { config: { access: 'signedIn' }, schema: { body: Code } },
    async (request, reply) => {
      await disableTotp(
        app.db,
        signedIn(request),
        auditActor(request),
        request.body.code,
        request.ip,
        now(),
        key,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/users/:id/totp/reset',
    { config: { access: ['System'] }, schema: { params: Type.Object({ id: Id }) } },
    async (request, reply) => {
      await resetUserTotp(app.db, signedIn(request), auditActor(request), request.params.id, now());
      return reply.status(204).send();
    },
  );

  app.get(
    '/security/settings',
    { config: { access: ['System'] }, schema: { response: { 200: Settings } } },
    async () => securitySettings(app.db),
  );

  app.put(
    '/security/settings',
    { config: { access: ['System'] }, schema: { body: Settings, response: { 200: Settings } } },
    async (request) =>
      updateSecuritySettings(app.db, signedIn(request), auditActor(request), request.body, now()),
  );
};
