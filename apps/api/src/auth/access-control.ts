import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { isKiosk, TOTP_ENROLMENT_REQUIRED_ERROR } from '@balcao/contract';
import type { Database } from '../db/types.ts';
import type { Access } from '../http/access.ts';
import { ApiError, forbidden, tokenInvalid } from '../http/api-error.ts';
import { PermissionCache } from './permission-cache.ts';
import type { SignedInUser } from './signed-in-user.ts';
import { findAccessGrant } from './tokens.ts';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** A signed-in route a kiosk may call too (`config.kiosk`). */
  kiosk?: true;
}

/** The signed-in user of a request and the login (token family) it came through. */
export interface Auth {
  user: SignedInUser;
  tokenId: number;
  familyId: string;
  /** The login may only enrol TOTP: routes without `config.totpEnrolment` answer 403. */
  totpEnrolmentOnly: boolean;
}

/** The printer whose agent is calling. */
export interface PrinterAuth {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route serves a login that may only enrol TOTP (auth/totp.ts) as well as any other. */
    totpEnrolment?: boolean;
    /** A signed-in route a kiosk user may call too (the logout); others answer it 403. */
    kiosk?: boolean;
  }
  interface FastifyRequest {
    auth: Auth | null;
    printer: PrinterAuth | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the route-walk test and audits. */
    routeAccess: readonly RouteAccess[];
  }
}

export interface AccessControlOptions {
  db: Kysely<Database>;
  now: () => Date;
}

/** A kiosk's reach: routes whose access lists 'Kiosk', and signed-in ones marked `kiosk` (logout). */
function kioskAllowed(access: Exclude<Access, 'public' | 'printer'>, kiosk: boolean): boolean {
  return access === 'signedIn' ? kiosk : access.includes('Kiosk');
}

const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/**
 * Every /api route must declare `config.access`; registering one without it fails at startup,
 * so no route can forget. The check itself is attached to each route as its first onRequest hook.
 */
export const accessControl = fp<AccessControlOptions>(
  async (app, { db, now }) => {
    const table: RouteAccess[] = [];
    app.decorate('routeAccess', table);
    app.decorateRequest('auth', null);
    app.decorateRequest('printer', null);
    const permissions = new PermissionCache();

    const printerGuard: onRequestHookHandler = async (request) => {
      request.printer = await authenticatePrinter(db, request);
    };
    const guardFor =
      (
        access: Exclude<Access, 'public' | 'printer'>,
        totpEnrolment: boolean,
        kiosk: boolean,
      ): onRequestHookHandler =>
      async (request) => {
        const auth = await authenticate(db, permissions, request, now());
        if (auth.totpEnrolmentOnly && !totpEnrolment) throw totpEnrolmentRequired();
        if (access !== 'signedIn' && !access.some((p) => auth.user.permissions.includes(p))) {
          throw forbidden();
        }
        // A kiosk reaches only the calls that name it, and the logout (issue #43).
        if (isKiosk(auth.user.permissions) && !kioskAllowed(access, kiosk)) {
          throw forbidden();
        }
        request.auth = auth;
      };

    app.addHook('onRoute', (route) => {
      if (!isApiUrl(route.url)) return;
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (access === undefined || (Array.isArray(access) && access.length === 0)) {
        throw new Error(`A rota ${methods.join(',')} ${route.url} não declara config.access.`);
      }
      // HEAD routes mirror their GET and share its declaration.
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        table.push({
          method,
          url: route.url,
          access,
          ...(route.config?.kiosk === true ? { kiosk: true as const } : {}),
        });
      }
      if (access !== 'public') {
        const guard =
          access === 'printer'
            ? printerGuard
            : guardFor(access, route.config?.totpEnrolment === true, route.config?.kiosk === true);
        route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
      }
    });
  },
  { name: 'access-control' },
);

async function authenticate(
  db: Kysely<Database>,
  permissions: PermissionCache,
  request: FastifyRequest,
  now: Date,
): Promise<Auth> {
  const token = bearerToken(request.headers.authorization);
  const grant = token ? await findAccessGrant(db, token, now) : undefined;
  if (!grant) throw tokenInvalid();
  const user: SignedInUser = {
    ...grant.user,
    permissions: await permissions.permissionsOf(db, grant.user.id, grant.authVersion),
  };
  return {
    user,
    tokenId: grant.tokenId,
    familyId: grant.familyId,
    totpEnrolmentOnly: grant.totpEnrolmentOnly,
  };
}

async function authenticatePrinter(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<PrinterAuth> {
  const token = bearerToken(request.headers.authorization);
  const printer =
    token &&
    (await db
      .selectFrom('printers')
      .select(['id', 'name'])
      .where('api_token', '=', token)
      .executeTakeFirst());
  if (!printer) throw tokenInvalid();
  return printer;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The signed-in user of a request behind a non-public route. */
export function signedIn(request: FastifyRequest): Auth {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}

/** The printer of a request behind a `printer` route. */
export function signedInPrinter(request: FastifyRequest): PrinterAuth {
  if (!request.printer) throw tokenInvalid();
  return request.printer;
}

const totpEnrolmentRequired = (): ApiError =>
  new ApiError(
    403,
    TOTP_ENROLMENT_REQUIRED_ERROR,
    'Cadastre a autenticação em dois fatores antes de continuar: ela é obrigatória para usuários com a permissão Sistema.',
  );
