import type { Permission } from '@balcao/contract';

/**
 * Who may call a route: anyone, any signed-in user, a user holding any one of the permissions, or
 * a print agent presenting its printer's apiToken. Declared in the route's config (`access`):
 * auth/access-control.ts enforces it, http/openapi.ts documents it.
 */
export type Access = 'public' | 'signedIn' | 'printer' | readonly Permission[];
