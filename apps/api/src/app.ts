import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import formbody from '@fastify/formbody';
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { accessControl } from './auth/access-control.ts';
import { maskCpfsForRequest } from './auth/cpf-privacy.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import { refuseInvalidText, refuseNonFiniteNumbers } from './http/clean-text.ts';
import { compressAnswers } from './http/compression.ts';
import { handleClientError, handleError } from './http/error-handler.ts';
import { collectOpenApi, openApiRoutes } from './http/openapi.ts';
import { guardAgainstOverload } from './http/pressure.ts';
import { parseFormBody } from './http/form-body.ts';
import { limitJsonDepth } from './http/json-body.ts';
import { loggerOptions, RequestLog } from './http/request-log.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/spa.ts';
import { totpRoutes } from './modules/totp/routes.ts';
import { loginLockRoutes } from './modules/login-locks/routes.ts';
import { accreditationRoutes } from './modules/accreditation/routes.ts';
import { attendanceRoutes } from './modules/attendance/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { certificateRoutes } from './modules/certificates/routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { drawerRoutes } from './modules/drawer/routes.ts';
import { coursewareRoutes } from './modules/courseware/routes.ts';
import { emailRoutes } from './modules/emails/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { foodRoutes } from './modules/food/routes.ts';
import { layoutRoutes } from './modules/layouts/routes.ts';
import { offlineRoutes } from './modules/offline/routes.ts';
import { kioskRoutes } from './modules/kiosk/routes.ts';
import { pixRoutes } from './modules/pix/routes.ts';
import { passRoutes } from './modules/passes/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { lotteryRoutes } from './modules/lottery/routes.ts';
import { participantRoutes } from './modules/participants/routes.ts';
import { permissionRoutes } from './modules/permissions/routes.ts';
import { printingRoutes } from './modules/printing/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { setupRoutes } from './modules/setup/routes.ts';
import { TABLE_RESOURCES } from './modules/tables/resources/index.ts';
import { tableRoutes } from './modules/tables/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { passwordRoutes } from './modules/password/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  /** Where the log goes; stdout when absent. */
  logStream?: DestinationStream;
}

const apiRoutes: FastifyPluginAsyncTypebox = async (api) => {
  await api.register(openApiRoutes);
  api.addHook('preSerialization', maskCpfsForRequest);
  await api.register(setupRoutes);
  await api.register(sessionRoutes);
  await api.register(eventRoutes);
  await api.register(passwordRoutes);
  await api.register(totpRoutes);
  await api.register(loginLockRoutes);
  await api.register(permissionRoutes);
  await api.register(productRoutes);
  await api.register(printingRoutes);
  await api.register(importRoutes);
  await api.register(tableRoutes(TABLE_RESOURCES));
  await api.register(participantRoutes);
  await api.register(accreditationRoutes);
  await api.register(kioskRoutes);
  await api.register(coursewareRoutes);
  await api.register(attendanceRoutes);
  await api.register(orderRoutes);
  await api.register(couponRoutes);
  await api.register(drawerRoutes);
  await api.register(reportRoutes);
  await api.register(lotteryRoutes);
  await api.register(foodRoutes);
  await api.register(layoutRoutes);
  await api.register(offlineRoutes);
  await api.register(pixRoutes);
  await api.register(emailRoutes);
  await api.register(passRoutes);
  await api.register(certificateRoutes);
  await api.register(auditRoutes);
};

/** Builds the whole server; `main.ts` listens on it, tests `inject` into it. */
export async function buildApp({ config, db, logStream }: AppDependencies): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    // The validator drops fields a schema does not declare, so handlers see only what they expect.
    ajv: { customOptions: { removeAdditional: 'all' } },
    // Errors raised before any route (undecodable path, oversized URL): the same error body.
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', db);
  app.setErrorHandler(handleError);
  // First: a saturated process answers 503 at once rather than doing any more work per request.
  guardAgainstOverload(app, config.maxEventLoopDelay);
  await app.register(accessControl, { db, now: config.now }); // before any route: it checks each one
  await collectOpenApi(app); // before any route too: it reads each one's schema
  addSecurityHeaders(app);
  limitJsonDepth(app);
  await app.register(formbody, { parser: parseFormBody });
  app.addHook('preValidation', refuseInvalidText);
  app.addHook('preHandler', refuseNonFiniteNumbers);
  await compressAnswers(app); // before the routes: it hooks each one as it is added
  await app.register(apiRoutes, { prefix: '/api' });
  if (!(await serveSpa(app, config.webDist))) {
    app.log.info({ webDist: config.webDist }, 'SPA não encontrada: só a API será servida');
  }
  return app;
}
