import { describe, expect, it } from 'vitest';
import { canOpenPage, firstPageFor, menuFor, menuGroupsFor, MENU, MENU_GROUPS } from './menu.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';

/** The administrator's permissions: every one but the kiosk's (auth/seed.ts). */
const ADMIN = PERMISSIONS.filter((permission) => permission !== 'Kiosk');

const labels = (permissions: readonly string[], mode: 'production' | 'FULL_SGE' = 'production') =>
  menuFor(permissions, mode).map((item) => item.label);

describe('menuFor', () => {
  it('shows only the always-visible items to a user without permissions', () => {
    expect(labels([])).toEqual(['Configurar webcam']);
  });

  it('shows a Checkout-only user the store item labelled Loja', () => {
    expect(labels(['Checkout'])).toEqual(['Loja', 'Configurar webcam']);
  });

  it('keeps the store labels when the user holds more than one of the Loja permissions', () => {
    const seen = labels(['Checkout', 'CheckoutDelivery']);
    expect(seen).toContain('Caixa');
    expect(seen).toContain('Loja Caixa+Expedição');
    expect(seen).not.toContain('Loja');
  });

  it("keeps 'Caixa' beside 'Loja Vendas+Caixa': two items never read 'Loja' and 'Loja …'", () => {
    expect(labels(['Checkout', 'StoreCheckout'])).toEqual([
      'Caixa',
      'Loja Vendas+Caixa',
      'Configurar webcam',
    ]);
    expect(labels(['CheckoutDelivery', 'StoreCheckout'])).toEqual([
      'Loja Vendas+Caixa',
      'Loja Caixa+Expedição',
      'Configurar webcam',
    ]);
  });

  it('labels the combined screens Loja when held alone', () => {
    expect(labels(['StoreCheckoutDelivery'])).toEqual(['Loja', 'Configurar webcam']);
    expect(labels(['CheckoutDelivery'])).toEqual(['Loja', 'Configurar webcam']);
    expect(labels(['StoreCheckout'])).toEqual(['Loja Vendas+Caixa', 'Configurar webcam']);
  });

  it("shows 'Certificados' (issue #44) to who edits events", () => {
    expect(labels(['Event'])).toContain('Certificados');
    expect(labels(['Attendance', 'Report'])).not.toContain('Certificados');
  });

  it('shows Lista de Presença for Attendance or Report', () => {
    expect(labels(['Attendance'])).toContain('Lista de Presença');
    expect(labels(['Report'])).toContain('Lista de Presença');
  });

  it('hides production-only items in FULL_SGE and shows Enviar e-mails there only', () => {
    const production = labels(['System', 'Center', 'Course', 'Courseware', 'ReturnCourseware']);
    const full = labels(
      ['System', 'Center', 'Course', 'Courseware', 'ReturnCourseware'],
      'FULL_SGE',
    );
    for (const label of [
      'Países',
      'Cidades',
      'Núcleos',
      'Cursos',
      'Apostilas',
      'Devolução de Apostilas',
    ]) {
      expect(production).toContain(label);
      expect(full).not.toContain(label);
    }
    expect(production).not.toContain('Enviar e-mails');
    expect(full).toContain('Enviar e-mails');
  });

  it('gives an administrator with every permission every production item once', () => {
    const all = menuFor(ADMIN, 'production');
    const expected = MENU.filter((item) => !('nonProductionOnly' in item));
    expect(all.map((item) => item.page)).toEqual(expected.map((item) => item.page));
  });

  it.each(ADMIN.map((p) => [p]))('%s alone shows an item that needs it', (permission) => {
    const pages = menuFor([permission], 'production').map((item) => item.page);
    const needing = MENU.filter(
      (item) =>
        !('nonProductionOnly' in item) &&
        (item.permissions as readonly string[]).includes(permission),
    );
    expect(needing.length).toBeGreaterThan(0);
    for (const item of needing) expect(pages).toContain(item.page);
  });
});

describe('a kiosk', () => {
  it('sees no menu item, whatever else it holds', () => {
    expect(menuFor(['Kiosk'], 'production')).toEqual([]);
    expect(menuFor([...PERMISSIONS], 'FULL_SGE')).toEqual([]);
    expect(canOpenPage(['Kiosk', 'System'], 'production', 'USERS')).toBe(false);
  });

  it("leaves 'Quiosques' to the desk's supervisors and admins", () => {
    expect(canOpenPage(['Subscription'], 'production', 'KIOSKS')).toBe(true);
    expect(canOpenPage(['System'], 'production', 'KIOSKS')).toBe(true);
    expect(canOpenPage(['Store'], 'production', 'KIOSKS')).toBe(false);
  });
});

describe('firstPageFor', () => {
  // The kiosk lands on its own screen, outside the shell (App.tsx): no admin page.
  const expected: Record<Permission, string | null> = {
    System: 'USERS',
    Center: 'CENTERS',
    Course: 'COURSES',
    Coupons: 'COUPON_CONFIG',
    Courseware: 'COURSEWARES',
    ChangeCourseware: 'CHANGE_COURSEWARE',
    ReturnCourseware: 'RETURN_COURSEWARE',
    Event: 'EVENTS',
    Participant: 'PARTICIPANTS',
    Subscription: 'SUBSCRIPTION',
    ImportParticipants: 'IMPORT_PARTICIPANTS',
    ImportProducts: 'IMPORT_PRODUCTS',
    Attendance: 'ATTENDANCE',
    Product: 'PRODUCTS',
    ProductTags: 'PRODUCT_TAGS',
    Store: 'STORE',
    Checkout: 'CHECKOUT',
    Delivery: 'DELIVERY',
    StoreCheckout: 'STORE_CHECKOUT',
    StoreCheckoutDelivery: 'STORE_CHECKOUT_DELIVERY',
    CheckoutDelivery: 'CHECKOUT_DELIVERY',
    Report: 'REPORT_TOTAL_SALES',
    Lottery: 'LOTTERY_CONFIG',
    Kiosk: null,
  };

  it.each(PERMISSIONS.map((p) => [p, expected[p]]))('%s alone lands on %s', (permission, page) => {
    expect(firstPageFor([permission], 'production')).toBe(page);
  });

  it('follows the SPEC order when several permissions are held', () => {
    expect(firstPageFor(['Report', 'Checkout', 'Subscription'], 'production')).toBe('SUBSCRIPTION');
    expect(firstPageFor(['Lottery', 'Report'], 'production')).toBe('REPORT_TOTAL_SALES');
    expect(firstPageFor(['Store', 'System'], 'production')).toBe('USERS');
  });

  it('skips pages the mode hides', () => {
    expect(firstPageFor(['Center', 'Event'], 'FULL_SGE')).toBe('EVENTS');
    expect(firstPageFor(['Center'], 'FULL_SGE')).toBeNull();
  });

  it('answers null for no permissions (the blank page)', () => {
    expect(firstPageFor([], 'production')).toBeNull();
    expect(firstPageFor(['Unknown'], 'production')).toBeNull();
  });
});

describe('canOpenPage', () => {
  it('lets anyone open the password page and webcam settings', () => {
    expect(canOpenPage([], 'production', 'PASSWORD')).toBe(true);
    expect(canOpenPage([], 'production', 'WEBCAM_CONFIG')).toBe(true);
  });

  it('refuses pages the user holds no permission for', () => {
    expect(canOpenPage(['Checkout'], 'production', 'USERS')).toBe(false);
    expect(canOpenPage(['System'], 'production', 'USERS')).toBe(true);
  });
});

describe('menuGroupsFor', () => {
  const grouped = (permissions: readonly string[]) =>
    menuGroupsFor(permissions, 'production').map(({ group, items }) => [
      group,
      items.map((item) => item.label),
    ]);

  it('puts every item under one of the headings', () => {
    for (const item of MENU) expect(MENU_GROUPS).toContain(item.group);
  });

  it('shows only the headings that hold an item the user sees', () => {
    expect(grouped(['Checkout'])).toEqual([
      ['Loja', ['Loja']],
      ['Configurações', ['Configurar webcam']],
    ]);
  });

  it("keeps SPEC.md's order inside each group and the groups in their order", () => {
    const all = menuGroupsFor(ADMIN, 'production');
    expect(all.map((entry) => entry.group)).toEqual([...MENU_GROUPS]);
    const flat = all.flatMap((entry) => entry.items.map((item) => item.page));
    for (const { items } of all) {
      const positions = items.map((item) => flat.indexOf(item.page));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const specOrder = items.map((item) => MENU.findIndex((m) => m.page === item.page));
      expect(specOrder).toEqual([...specOrder].sort((a, b) => a - b));
    }
    expect(flat.sort()).toEqual(
      menuFor(ADMIN, 'production')
        .map((i) => i.page)
        .sort(),
    );
  });

  it('groups the accreditation desk, the coupons and the reports', () => {
    const groups = Object.fromEntries(grouped(ADMIN));
    expect(groups['Credenciamento']).toEqual([
      'Credenciamento',
      'Troca de Apostila',
      'Participantes',
      'Quiosques',
      'Importar Participantes',
      'Gerenciar Participantes',
      'Lista de Presença',
      'Certificados',
      'Devolução de Apostilas',
    ]);
    expect(groups['Cupons']).toEqual([
      'Template de Cupons',
      'Cupons',
      'Configurar cupons automáticos',
    ]);
    expect(groups['Relatórios']).toContain('Cupons');
  });

  it("titles the coupons report 'Relatório de cupons', apart from the coupon list", () => {
    const report = menuFor(['Report'], 'production').find((i) => i.page === 'REPORT_COUPONS');
    const list = menuFor(['Coupons'], 'production').find((i) => i.page === 'COUPONS');
    expect(report).toMatchObject({ label: 'Cupons', title: 'Relatório de cupons' });
    expect(list?.title).toBeUndefined();
  });
});
