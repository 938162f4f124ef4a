import { describe, expect, inject, it } from 'vitest';
import { generate } from 'otplib';
import { ANONYMIZED_NAME, withCheckDigits } from '@balcao/contract';
import { apiClient } from '../support/api.ts';
import { ARTIFACTS, logIn, usePage } from '../support/browser.ts';
import {
  createRow,
  logOut,
  menuOf,
  openMenu,
  rowOf,
  setUpDesk,
  signIn,
  uniqueSuffix,
  waitForPage,
} from '../support/screens.ts';
import { addParticipants } from '../support/shop-screens.ts';

/**
 * Issue #17 through the screens: a user enrols two-factor login ('Autenticação em dois fatores'),
 * then signs in with the authenticator's code and with a recovery code; an admin anonymises a
 * participant ('Anonimizar participante' after 'Confirmar ação'). The API is only read, to check.
 */
const baseUrl = inject('baseUrl');
const api = apiClient(baseUrl);
const run = uniqueSuffix();

/** The code an authenticator shows 30 s from now: a code is accepted once per time step. */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('privacy and accounts', () => {
  const { page } = usePage();

  it('enrols TOTP from the top bar and signs in with a code, then with a recovery code', async () => {
    const p = page();
    const user = {
      name: `Rita Dois Fatores ${run}`,
      username: `rita${run}`,
      password: 'senha-rita-123',
    };
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Usuários');
    await createRow(p, {
      Nome: user.name,
      Usuário: user.username,
      Senha: user.password,
      'Confirmação da senha': user.password,
      'Permissões diretas': { check: ['Relatórios'] },
    });
    await logOut(p);

    await signIn(p, user.username, user.password);
    await p.getByRole('button', { name: 'Autenticação em dois fatores' }).click();
    await p.getByRole('heading', { level: 1, name: 'Autenticação em dois fatores' }).waitFor();
    await p.getByRole('button', { name: 'Ativar', exact: true }).click();
    await p.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    const secret = (await p.locator('.totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const field = p.getByLabel('Código de 6 dígitos');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.screenshot({ path: `${ARTIFACTS}totp-enrol.png`, fullPage: true });
    await field.fill(await generate({ secret }));
    await field.press('Enter');
    const codes = p.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.allInnerTexts()).map((text) => text.trim());
    await p.screenshot({ path: `${ARTIFACTS}totp-recovery-codes.png`, fullPage: true });
    await p.getByRole('button', { name: 'Continuar', exact: true }).click();
    await p.getByText('Códigos de recuperação restantes: 10.').waitFor();
    await logOut(p);

    // Password first, then the code step: focused, Enter submits.
    await logIn(p, user.username, user.password);
    const code = p.getByLabel('Código de verificação');
    await code.waitFor();
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.screenshot({ path: `${ARTIFACTS}totp-login-code.png`, fullPage: true });
    await code.fill('000000');
    await code.press('Enter');
    await p.getByRole('dialog').getByText('Código de autenticação inválido ou já usado.').waitFor();
    await p.getByRole('button', { name: 'Fechar' }).click();
    await p.getByRole('dialog').waitFor({ state: 'hidden' });
    await code.fill(await nextCode(secret));
    await code.press('Enter');
    await menuOf(p).getByRole('button', { name: 'Sair', exact: true }).waitFor();
    await waitForPage(p);
    await p.getByText(`Olá, ${user.username}`).waitFor();
    await logOut(p);

    await logIn(p, user.username, user.password);
    await p.getByLabel('Código de verificação').fill(recovery[0]!);
    await p.getByLabel('Código de verificação').press('Enter');
    await menuOf(p).getByRole('button', { name: 'Sair', exact: true }).waitFor();
    await waitForPage(p);
    await p.getByRole('button', { name: 'Autenticação em dois fatores' }).click();
    await p.getByText('Códigos de recuperação restantes: 9.').waitFor();

    // Read back: the token call without a code now says a code is needed.
    const refused = await fetch(`${baseUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', ...user }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('totp_required');

    // Phone and codes lost: an admin resets it in 'Usuários'; the password alone signs in again.
    await logOut(p);
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Usuários');
    await rowOf(p, 'Usuários', user.name).getByRole('cell', { name: user.name }).click();
    await p.getByRole('button', { name: 'Redefinir autenticação em dois fatores' }).click();
    const confirm = p.getByRole('dialog', { name: 'Confirmar ação' });
    await confirm
      .getByText(`Redefinir a autenticação em dois fatores de ${user.username}?`, { exact: false })
      .waitFor();
    await p.screenshot({ path: `${ARTIFACTS}totp-reset-confirm.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Redefinir' }).click();
    await p.getByText(`Autenticação em dois fatores de ${user.username} redefinida.`).waitFor();
    await logOut(p);
    await signIn(p, user.username, user.password);
    await p.getByText(`Olá, ${user.username}`).waitFor();
  });

  it('anonymises a participant after Confirmar ação', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const desk = await setUpDesk(p, `lgpd${run}`);
    const cpf = withCheckDigits(String(Date.now() % 1_000_000_000).padStart(9, '7'));
    const person = { name: `Paula Pessoal ${run}`, cpf };
    await addParticipants(p, desk, [person]);

    await rowOf(p, 'Participantes', person.name).getByRole('cell', { name: person.name }).click();
    await p.getByRole('button', { name: 'Anonimizar participante' }).click();
    const confirm = p.getByRole('dialog', { name: 'Confirmar ação' });
    await confirm.getByText(`Anonimizar ${person.name}?`, { exact: false }).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}anonymize-confirm.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Anonimizar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await rowOf(p, 'Participantes', person.name).waitFor({ state: 'detached' });
    await rowOf(p, 'Participantes', ANONYMIZED_NAME).first().waitFor();
    await p.screenshot({ path: `${ARTIFACTS}anonymize-done.png`, fullPage: true });

    // Read back: nobody of the event is found by the old CPF any more.
    const { access_token: token } = await api(null, 'POST', '/api/token', {
      grant_type: 'password',
      username: 'admin',
      password: inject('adminPassword'),
    });
    const events = await api(token, 'GET', '/api/events/list');
    const eventId = events.data.find((e: { name: string }) => e.name === desk.event).id;
    const list = await api(
      token,
      'GET',
      `/api/events/${eventId}/participants/select?search=${cpf}`,
    );
    expect(list.data).toEqual([]);
  });
});
