import type { AdminPage } from './menu.ts';
import type { Permission } from './permissions.ts';

/**
 * The first-run checklist (GET /api/system/setup-status): what an empty database lacks before a
 * desk can work, each step on the admin page that fixes it. Optional steps are ticked when done
 * but do not keep the checklist open: a desk works without products, a store clerk, a printer
 * (PDFs then open in the browser) or a PIX key (the cashier then takes other methods).
 */
export const SETUP_STEPS = [
  { key: 'course', label: 'Cadastrar um curso', page: 'COURSES' },
  // The núcleo's form asks for its city: the city comes first.
  { key: 'city', label: 'Cadastrar uma cidade', page: 'CITIES' },
  { key: 'center', label: 'Cadastrar um núcleo', page: 'CENTERS' },
  { key: 'event', label: 'Cadastrar um evento', page: 'EVENTS' },
  { key: 'selectedEvent', label: 'Selecionar o evento dos balcões', page: 'EVENTS' },
  {
    key: 'accreditationUser',
    label: 'Criar um usuário para o balcão de credenciamento',
    page: 'USERS',
  },
  { key: 'products', label: 'Cadastrar os produtos da loja', page: 'PRODUCTS', optional: true },
  {
    key: 'storeUser',
    label: 'Criar um usuário para a loja (vendas, caixa ou expedição)',
    page: 'USERS',
    optional: true,
  },
  { key: 'printers', label: 'Cadastrar as impressoras', page: 'PRINTERS', optional: true },
  {
    key: 'pix',
    label: 'Configurar a chave PIX do caixa',
    page: 'PAYMENT_METHODS',
    optional: true,
  },
] as const satisfies readonly {
  key: string;
  label: string;
  page: AdminPage;
  optional?: boolean;
}[];

export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];

/** The permissions that make a user a clerk of each desk (users holding System are admins). */
export const DESK_PERMISSIONS: Readonly<
  Record<'accreditationUser' | 'storeUser', readonly Permission[]>
> = {
  accreditationUser: ['Subscription'],
  storeUser: [
    'Store',
    'Checkout',
    'Delivery',
    'StoreCheckout',
    'CheckoutDelivery',
    'StoreCheckoutDelivery',
  ],
};

export interface SetupStatus {
  /** True when every required step is done: the checklist no longer opens first. */
  complete: boolean;
  steps: { key: SetupStepKey; done: boolean }[];
}

/** Complete when every step that is not optional is done. */
export function isSetupComplete(done: Readonly<Record<SetupStepKey, boolean>>): boolean {
  return SETUP_STEPS.every((step) => ('optional' in step && step.optional) || done[step.key]);
}
