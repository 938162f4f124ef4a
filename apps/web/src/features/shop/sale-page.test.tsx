import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage, selectFrom } from '../../testing/render';
import { selectSale } from './sale-slice';
import { server } from '../../testing/server';
import { MARIA, PRODUCTS, serveStore } from '../../testing/fake-shop-server';

async function openSale() {
  const rendered = await renderPage('STORE', { permissions: ['Store'] });
  await screen.findByRole('heading', { level: 1, name: 'Vendas' });
  await screen.findByRole('cell', { name: 'Camiseta' });
  return rendered;
}

const codeField = () => screen.getByLabelText('Código Totvs');
const cart = () => screen.getByRole('list', { name: 'Itens do carrinho' });
const total = () => screen.getByLabelText('Total do carrinho');

/** A message said on the desk, in place: no dialog takes the focus from the code field. */
async function saidOnDesk(text: string) {
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

async function dialogSaying(title: string, text: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog).toHaveTextContent(text);
  return dialog;
}

describe('Vendas', { timeout: 20_000 }, () => {
  it('adds products by Totvs code and Enter, saving the server cart at every change', async () => {
    const calls = serveStore();
    const { user } = await openSale();
    expect(screen.getByText('O Carrinho está vazio :(')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar Pedido' })).toBeDisabled();
    await waitFor(() => expect(codeField()).toHaveFocus());

    // A USB scanner types the code, then Enter.
    await user.keyboard('CAM01{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
    await user.keyboard('CAN02{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Caneca'));
    expect(codeField()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Mais Camiseta' }));

    await waitFor(() => expect(cart()).toHaveTextContent('2 x CamisetaR$ 100,00'));
    expect(total()).toHaveTextContent('R$ 125,50');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled(),
    );
    expect(calls.created).toBe(1);
    expect(calls.updates.at(-1)).toEqual({
      items: [
        { produto_id: 1, desconto: 0, quantidade: 2 },
        { produto_id: 2, desconto: 0, quantidade: 1 },
      ],
    });
  });

  it('keeps every quick click: changes made during a save go in the next one', async () => {
    const calls = serveStore();
    const { user, store } = await openSale();
    const plus = screen.getByRole('button', { name: 'Mais Camiseta' });
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    await waitFor(() => expect(selectFrom(store, selectSale).saving).toBe(false));
    expect(cart()).toHaveTextContent('3 x Camiseta');
    expect(calls.created).toBe(1);
    expect(calls.updates.at(-1)).toEqual({
      items: [{ produto_id: 1, desconto: 0, quantidade: 3 }],
    });
  });

  it("refuses an unknown code, a course on the 'Produtos' tab and a product already added", async () => {
    serveStore();
    const { user } = await openSale();
    await user.type(codeField(), 'NAO-EXISTE{Enter}');
    await saidOnDesk('Produto não encontrado: NAO-EXISTE');

    await user.type(codeField(), 'CUR04{Enter}');
    await saidOnDesk('Produto não encontrado: CUR04');

    await user.type(codeField(), 'CAM01{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
    await user.type(codeField(), 'CAM01{Enter}');
    await saidOnDesk('Item já foi adicionado: Camiseta');
    expect(cart()).toHaveTextContent('1 x Camiseta');

    // The course sells from its own tab.
    await user.click(screen.getByRole('tab', { name: 'Cursos' }));
    await user.type(codeField(), 'CUR04{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Curso de Oratória'));
  });

  it('never empties the cart: minus is disabled at 0 and refused on the last unit', async () => {
    serveStore();
    const { user } = await openSale();
    expect(screen.getByRole('button', { name: 'Menos Camiseta' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mais Camiseta' }));
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
    await user.click(screen.getByRole('button', { name: 'Menos Camiseta' }));
    await saidOnDesk('Carrinho não pode ser esvaziado completamente.');
    expect(cart()).toHaveTextContent('1 x Camiseta');
  });

  it("shows the server's stock refusal and keeps what the server accepted", async () => {
    serveStore({ stock: { 1: 1 } });
    const { user, store } = await openSale();
    await user.click(screen.getByRole('button', { name: 'Mais Camiseta' }));
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
    await waitFor(() => expect(selectFrom(store, selectSale).saving).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Mais Camiseta' }));
    await waitFor(() =>
      expect(store.getState().errors.description).toBe(
        'Estoque insuficiente para Camiseta: 1 disponível.',
      ),
    );
    expect(cart()).toHaveTextContent('1 x Camiseta');
  });

  it("finalizes with a CPF: 'Confirmar' waits for the client's name; Enter confirms", async () => {
    const calls = serveStore();
    const { user } = await openSale();
    await user.keyboard('CAM01{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar Pedido' }));

    const panel = screen.getByRole('heading', { name: 'Finalizando Pedido' }).closest('.card')!;
    const cpf = within(panel as HTMLElement).getByLabelText('CPF do cliente');
    await waitFor(() => expect(cpf).toHaveFocus());
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();

    // An unknown CPF: the name stays empty and 'Confirmar' disabled.
    await user.keyboard('11144477735');
    expect(await screen.findByText('Participante não cadastrado no evento.')).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(cpf).toHaveValue('');
    await user.keyboard(MARIA.cpf);
    await waitFor(() => expect(screen.getByLabelText('Nome do cliente')).toHaveValue(MARIA.name));
    expect(confirm).toBeEnabled();
    await user.keyboard('{Enter}');

    await saidOnDesk('O pedido foi devidamente finalizado.');
    expect(calls.finalized).toEqual([{ id_cliente: MARIA.cpf }]);
    expect(screen.getByText('O Carrinho está vazio :(')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Finalizando Pedido' })).not.toBeInTheDocument();
  });

  it("'Cancelar' asks, then deletes the cart on the server and starts over", async () => {
    const calls = serveStore();
    const { user } = await openSale();
    await user.keyboard('CAM01{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
    await waitFor(() => expect(calls.updates).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await dialogSaying('Cancelar pedido', 'O pedido será deletado.');
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    await screen.findByText('O Carrinho está vazio :(');
    expect(calls.removed).toEqual([101]);
  });
});

describe('Vendas under a USB scanner (keys then Enter, no pause)', { timeout: 20_000 }, () => {
  it('says a refused code on the desk and the next scan still lands in the cart', async () => {
    serveStore();
    const { user } = await openSale();
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard('CAM01{Enter}CAM01{Enter}CAN02{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Caneca'));

    // The refusal shows on the desk (no dialog) until the next scan, which it does not stop.
    await user.keyboard('CAM01{Enter}');
    expect(await screen.findByText('Item já foi adicionado: Camiseta')).toBeInTheDocument();
    await user.keyboard('XYZ999{Enter}');
    expect(await screen.findByText('Produto não encontrado: XYZ999')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(codeField()).toHaveFocus();
    await user.keyboard('LIV03{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Livro do Curso'));
    expect(screen.queryByText('Produto não encontrado: XYZ999')).not.toBeInTheDocument();
    expect(cart()).toHaveTextContent('1 x Camiseta');
    expect(codeField()).toHaveFocus();
  });

  it("gives the focus back to the code after '+', so a scan never presses it", async () => {
    serveStore();
    const { user } = await openSale();
    await user.click(screen.getByRole('button', { name: 'Mais Camiseta' }));
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard('CAN02{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Caneca'));
    expect(cart()).toHaveTextContent('1 x Camiseta');
  });

  it("after 'Finalizar Pedido' the next scan starts the next cart", async () => {
    serveStore();
    const { user } = await openSale();
    await user.keyboard('CAM01{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar Pedido' }));
    await user.keyboard(MARIA.cpf);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled());
    await user.keyboard('{Enter}');
    await screen.findByText('O pedido foi devidamente finalizado.');

    await user.keyboard('CAN02{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Caneca'));
    expect(cart()).not.toHaveTextContent('Camiseta');
  });

  it("keeps 'Item já foi adicionado' through later scans until closed or the '+' is used", async () => {
    serveStore();
    const { user } = await openSale();
    await user.keyboard('CAM01{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
    await user.keyboard('CAM01{Enter}');
    const duplicate = () => screen.queryByText('Item já foi adicionado: Camiseta');
    expect(await screen.findByText('Item já foi adicionado: Camiseta')).toBeVisible();
    // The next scan (another product, or a wrong code) does not wipe it.
    await user.keyboard('CAN02{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Caneca'));
    await user.keyboard('NAO-EXISTE{Enter}');
    await saidOnDesk('Produto não encontrado: NAO-EXISTE');
    expect(duplicate()).toBeVisible();
    expect(cart()).toHaveTextContent('1 x Camiseta');

    // '+' on that product is what the cashier meant: the warning has been seen.
    await user.click(screen.getByRole('button', { name: 'Mais Camiseta' }));
    await waitFor(() => expect(cart()).toHaveTextContent('2 x Camiseta'));
    expect(duplicate()).not.toBeInTheDocument();

    await user.keyboard('CAN02{Enter}');
    await screen.findByText('Item já foi adicionado: Caneca');
    await user.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText('Item já foi adicionado: Caneca')).not.toBeInTheDocument();
    await waitFor(() => expect(codeField()).toHaveFocus());
  });

  it("returns to 'Produtos' after a course's sale, so the next product scan finds it", async () => {
    serveStore();
    const { user } = await openSale();
    await user.click(screen.getByRole('tab', { name: 'Cursos' }));
    await user.type(codeField(), 'CUR04{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Curso de Oratória'));
    await user.click(screen.getByRole('button', { name: 'Finalizar Pedido' }));
    await user.keyboard(MARIA.cpf);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled());
    await user.keyboard('{Enter}');
    await screen.findByText('O pedido foi devidamente finalizado.');

    expect(screen.getByRole('tab', { name: 'Produtos' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('CAM01{Enter}');
    await waitFor(() => expect(cart()).toHaveTextContent('1 x Camiseta'));
  });

  it("has no working '+' for a product out of stock", async () => {
    serveStore();
    server.use(
      http.get('/api/produtos/lista', () =>
        HttpResponse.json({
          data: PRODUCTS.map((item) => (item.id === 2 ? { ...item, inventory: 0 } : item)),
        }),
      ),
    );
    await openSale();
    expect(screen.getByRole('button', { name: 'Mais Caneca' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mais Camiseta' })).toBeEnabled();
  });
});
