import { http, HttpResponse } from 'msw';
import type { PixPspSettingsDto } from '@balcao/contract';

/** GET /api/pix/psp with no PSP connected (docs/pix.md): the cashier confirms PIX by hand. */
export const PSP_NOT_CONNECTED: PixPspSettingsDto = {
  configured: false,
  baseUrl: '',
  tokenUrl: '',
  clientId: '',
  hasClientSecret: false,
  certificate: null,
  hasCa: false,
  developmentKey: false,
};

/** The 'Formas de pagamento' page's PSP card, for tests of that page about something else. */
export const noPspConnected = () =>
  http.get('/api/pix/psp', () => HttpResponse.json(PSP_NOT_CONNECTED));
