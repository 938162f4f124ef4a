import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';
import { passwordUpdateFailed } from '../../features/password/slice';

const error = { status: 409, error: 'conflict', description: 'Estoque insuficiente.' };

describe('error dialog', () => {
  it("shows the error_description of a failing call and closes on 'Fechar'", async () => {
    server.use(
      http.get('/api/events/selected', () =>
        HttpResponse.json(
          { error: 'server_error', error_description: 'O banco de dados não respondeu.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ adminPage: 'USERS' }) },
    });

    await user.click(screen.getByRole('button', { name: 'Impressoras' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ocorreu um erro');
    expect(dialog).toHaveTextContent('O banco de dados não respondeu.');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("writes the server's 'cpf invalido' code word as 'CPF inválido'", async () => {
    const { store } = renderWithProviders(<App />);
    act(() => {
      store.dispatch(
        passwordUpdateFailed({
          status: 400,
          error: 'invalid_request',
          description: 'cpf invalido',
        }),
      );
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('CPF inválido');
  });

  it('stays closed for failures flagged hidden', async () => {
    const { store } = renderWithProviders(<App />);
    act(() => {
      store.dispatch(passwordUpdateFailed(error, { hideError: true }));
      store.dispatch({ type: 'coupons/printFailed', payload: error, meta: { hideError: true } });
    });
    expect(store.getState().errors.description).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      store.dispatch(passwordUpdateFailed(error));
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Estoque insuficiente.');
  });
});
