import type { Page } from 'playwright-core';
import {
  createRow,
  openMenu,
  rowOf,
  setUpDesk,
  showRow,
  tableBlock,
  type DeskSetup,
} from './screens.ts';
import { addParticipants, type Customer } from './shop-screens.ts';

/** A kiosk's login, made in 'Usuários' with the 'Quiosque' permission alone. */
export interface KioskUser {
  name: string;
  username: string;
  password: string;
}

/**
 * What an admin does before a kiosk opens: an event that accredits at kiosks (no courseware to
 * hand out, so 'Vincular apostila no credenciamento' is unchecked), its guests, and the kiosk user.
 */
export async function setUpKioskEvent(
  page: Page,
  run: string,
  guests: readonly Customer[],
  kioskUser: KioskUser,
): Promise<DeskSetup> {
  const names = await setUpDesk(page, run);
  await openMenu(page, 'Eventos');
  await showRow(page, 'Eventos', names.event);
  await rowOf(page, 'Eventos', names.event)
    .getByRole('cell', { name: names.event, exact: true })
    .click();
  await tableBlock(page, 'Eventos').getByRole('button', { name: 'Editar', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Editar registro' });
  await editor.getByLabel('Vincular apostila no credenciamento', { exact: true }).uncheck();
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'hidden' });
  await addParticipants(page, names, guests);
  await openMenu(page, 'Usuários');
  await createRow(page, {
    Nome: kioskUser.name,
    Usuário: kioskUser.username,
    Senha: kioskUser.password,
    'Confirmação da senha': kioskUser.password,
    'Permissões diretas': { check: ['Quiosque'] },
  });
  return names;
}
