import type { AdminPage, EventDto, Permission, TokenResponse } from '@balcao/contract';
import { initialSessionState, sessionFromToken, type SessionState } from '../app/session/slice';

let tokenSerial = 0;

/** A POST /api/token answer; every call gets new token strings. */
export function tokenResponse(overrides: Partial<TokenResponse> = {}): TokenResponse {
  tokenSerial += 1;
  return {
    access_token: `access-${tokenSerial}`,
    refresh_token: `refresh-${tokenSerial}`,
    token_type: 'Bearer',
    issue_date: new Date().toISOString(),
    expires_in: 3600,
    user_id: 1,
    accept_header: 'application/json',
    username: 'admin',
    name: 'Administrador',
    permissions: ['System'],
    center: { id: 7, name: 'Núcleo Fortaleza' },
    totp_enrolment_required: false,
    ...overrides,
  };
}

/** The session slice of a user signed in on the admin shell. */
export function signedInSession(
  options: {
    permissions?: Permission[];
    username?: string;
    adminPage?: AdminPage | null;
    token?: Partial<TokenResponse>;
  } = {},
): SessionState {
  const { username = 'admin', permissions = ['System'], adminPage = null } = options;
  const response = tokenResponse({ username, permissions, ...options.token });
  return { ...initialSessionState, ...sessionFromToken(response), landPage: 'ADMIN', adminPage };
}

export function eventDto(overrides: Partial<EventDto> = {}): EventDto {
  return {
    id: 1,
    name: 'Congresso Nacional 2025',
    selected: true,
    endereco: 'Av. Beira Mar, 100',
    local: 'Centro de Eventos',
    valor: 150,
    inicio: '10/11/2025 08:00',
    fim: '12/11/2025 18:00',
    linkCourseware: true,
    printEnabled: true,
    course: null,
    dateCreated: '01/10/2025 10:00',
    dateUpdated: '01/10/2025 10:00',
    ...overrides,
  };
}
