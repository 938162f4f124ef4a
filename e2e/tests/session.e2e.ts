import { describe, inject, it } from 'vitest';
import { ARTIFACTS, logIn, usePage } from '../support/browser.ts';
import { menuItem } from '../support/screens.ts';

describe('signing in at a desk', () => {
  const { page } = usePage();

  it('logs in as the first admin, stays signed in on reload, changes the password and logs in again', async () => {
    const p = page();
    const adminPassword = inject('adminPassword');

    await p.getByRole('button', { name: 'Entrar' }).waitFor();
    await logIn(p, 'admin', adminPassword);

    await p.getByText('Olá, admin').waitFor();
    const menu = p.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Usuários', 'Perfis de Usuários', 'Eventos', 'Credenciamento', 'Sair']) {
      // Attached, not visible: an item may sit in a closed group of the menu.
      await menu.getByText(item, { exact: true }).waitFor({ state: 'attached' });
    }
    // The admin lands on 'Primeiros passos' while a desk still lacks something (the files share
    // one database, in the sequencer's order), else on System's first page, Usuários.
    await p.getByRole('heading', { level: 1, name: /^(Primeiros passos|Usuários)$/ }).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}admin-shell.png` });

    await (await menuItem(p, 'Eventos')).click();
    await p.getByRole('heading', { name: 'Eventos' }).waitFor();
    await p.reload();
    await p.getByText('Olá, admin').waitFor();
    await p.getByRole('heading', { name: 'Eventos' }).waitFor();

    await p.getByRole('button', { name: 'Alterar senha' }).click();
    await p.getByLabel('Senha atual').fill(adminPassword);
    await p.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
    await p.getByLabel('Confirmação da nova senha').fill('nova-senha-123');
    await p.getByRole('button', { name: 'Salvar' }).click();
    await p.getByText('Senha alterada com sucesso.').waitFor();

    await menu.getByText('Sair', { exact: true }).click();
    await p.getByRole('button', { name: 'Entrar' }).waitFor();

    await logIn(p, 'admin', adminPassword);
    await p.getByRole('dialog').getByText('Usuário ou senha inválidos.').waitFor();
    await p.getByRole('button', { name: 'Fechar' }).click();
    await p.getByRole('dialog').waitFor({ state: 'hidden' });

    await logIn(p, 'admin', 'nova-senha-123');
    await p.getByText('Olá, admin').waitFor();
    // The landing page first: the SPA ignores a page asked for while another still loads.
    await p.getByRole('heading', { level: 1 }).waitFor();

    // The server is shared by every file, in an order Vitest chooses: leave the password as found.
    await p.getByRole('button', { name: 'Alterar senha' }).click();
    await p.getByRole('heading', { level: 1, name: 'Alterar senha' }).waitFor();
    await p.getByLabel('Senha atual').fill('nova-senha-123');
    await p.getByLabel('Nova senha', { exact: true }).fill(adminPassword);
    await p.getByLabel('Confirmação da nova senha').fill(adminPassword);
    await p.getByRole('button', { name: 'Salvar' }).click();
    await p.getByText('Senha alterada com sucesso.').waitFor();
    await menu.getByText('Sair', { exact: true }).click();
    await logIn(p, 'admin', adminPassword);
    await p.getByText('Olá, admin').waitFor();
  });
});
