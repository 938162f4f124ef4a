import {
  KIOSK_ALREADY_MESSAGE,
  KIOSK_PRINT_HANDED_OFFLINE_TITLE,
  PASS_PROBLEM_MESSAGES,
  newPassPrivateKey,
  signPass,
  withCheckDigits,
} from '@balcao/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, newAppContext, printCount, usePage } from '../support/browser.ts';
import { ownServer } from '../support/own-server.ts';
import { logOut, openMenu, readRow, signIn, uniqueSuffix } from '../support/screens.ts';
import { setUpKioskEvent } from '../support/kiosk-screens.ts';

/**
 * The self-service kiosk without the server (issue #43, docs/kiosk-api.md), on a server this
 * test owns so it can really stop it: the kiosk takes the replica of its event, the server
 * process goes, the page is reloaded (it stays on the kiosk), a CPF typed on the keypad is
 * greeted and its badge printed by the browser (the kiosk says it was sent, not 'Retire seu
 * crachá'), a forged pass is refused, and once the server is back the queue is synced once.
 */
const PASSWORD = 'quiosque-offline-123';
const server = ownServer('kiosk-offline', PASSWORD);

beforeAll(server.start, 120_000);
afterAll(server.remove);

const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 41) % 1_000_000).padStart(6, '0');
const guest = { name: `Helena Offline ${run}`, cpf: withCheckDigits(`${ninePrefix}517`) };
const kioskUser = {
  name: `Quiosque offline ${run}`,
  username: `qoff${run}`,
  password: 'senha-quiosque-2',
};

/** The kiosk's replica holds the event's participants (IndexedDB, read without Dexie). */
function replicaSize(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('balcao-desk-replica')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('balcao-desk-replica');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      if (!db.objectStoreNames.contains('participants')) return 0;
      return await new Promise<number>((resolve, reject) => {
        const counting = db.transaction('participants').objectStore('participants').count();
        counting.onsuccess = () => resolve(counting.result);
        counting.onerror = () => reject(counting.error);
      });
    } finally {
      db.close();
    }
  });
}

async function typeCpf(page: Page, cpf: string): Promise<void> {
  const keypad = page.getByRole('group', { name: 'Teclado numérico do CPF' });
  for (const digit of cpf) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

describe('the self-service kiosk without the server', () => {
  const { page } = usePage(server.url);

  it('greets and prints from its replica, refuses a forged pass, and syncs once', async () => {
    const p = page();
    await signIn(p, 'admin', PASSWORD);
    await p.getByRole('heading', { level: 1, name: 'Primeiros passos' }).waitFor();
    const names = await setUpKioskEvent(p, run, [guest], kioskUser);
    await logOut(p);

    // The kiosk signs in and takes the replica while the server is up.
    await p.getByLabel('Usuário', { exact: true }).fill(kioskUser.username);
    await p.getByLabel('Senha', { exact: true }).fill(kioskUser.password);
    await p.getByRole('button', { name: 'Entrar' }).click();
    await p.getByRole('heading', { name: names.event, level: 1 }).waitFor();
    await expect.poll(() => replicaSize(p), { timeout: 30_000 }).toBe(1);
    await p.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The server stops; the kiosk reloaded stays on the kiosk, offline.
    await server.stop();
    await p.reload();
    await p.getByText('Sem conexão com o servidor', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await p.getByRole('button', { name: 'Entrar' }).count()).toBe(0);

    await typeCpf(p, guest.cpf);
    await p.getByRole('heading', { name: `Olá, ${guest.name}!` }).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}kiosk-offline-saudacao.png` });
    const printed = await printCount(p);
    await p.getByRole('button', { name: 'Confirmar e imprimir' }).click();
    await p.getByRole('heading', { name: KIOSK_PRINT_HANDED_OFFLINE_TITLE }).waitFor();
    expect(await p.getByText('Retire seu crachá').count()).toBe(0);
    await expect.poll(() => printCount(p)).toBe(printed + 1);
    await p.screenshot({ path: `${ARTIFACTS}kiosk-offline-enviado.png` });

    // A forged pass (signed by a key that is not the server's): refused on the replica.
    await p.getByRole('button', { name: 'Recomeçar' }).click();
    const forged = signPass({ eventId: 1, participantId: 1, version: 1 }, newPassPrivateKey());
    const field = p.getByLabel('CPF ou ingresso', { exact: true });
    await field.fill(forged);
    await field.press('Enter');
    await p.getByText(PASS_PROBLEM_MESSAGES.forged, { exact: true }).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}kiosk-offline-forjado.png` });

    // Again: accredited per the kiosk's queue.
    await p.getByRole('button', { name: 'Recomeçar' }).click();
    await typeCpf(p, guest.cpf);
    await p.getByText(KIOSK_ALREADY_MESSAGE, { exact: true }).waitFor();

    // The server is back: the queue goes once, and the guest is accredited once.
    await server.start();
    await p
      .getByText('Sem conexão com o servidor', { exact: true })
      .waitFor({ state: 'hidden', timeout: 30_000 });
    const admin = await (await newAppContext(p.context().browser()!)).newPage();
    await admin.goto(server.url);
    await signIn(admin, 'admin', PASSWORD);
    await openMenu(admin, 'Gerenciar Participantes');
    await expect
      .poll(
        async () => {
          await admin.reload();
          await openMenu(admin, 'Gerenciar Participantes');
          return (await readRow(admin, 'Participantes', guest.name))['Credenciamento'];
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe('CONFIRMADO');
    // Synced once more for good measure: still one badge.
    await p.waitForTimeout(6_000);
    await admin.reload();
    await openMenu(admin, 'Gerenciar Participantes');
    const row = await readRow(admin, 'Participantes', guest.name);
    expect(row['Crachás solicitados']).toBe('1');
    await admin.screenshot({ path: `${ARTIFACTS}kiosk-offline-sincronizado.png`, fullPage: true });
    await admin.context().close();
  }, 300_000);
});
