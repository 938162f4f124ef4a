import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PasswordUpdateRequest } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const openPassword = () => renderPage('PASSWORD');

describe('password page', () => {
  it('enables Salvar only when current and new are filled and the confirmation matches', async () => {
    const { user } = await openPassword();
    const save = screen.getByRole('button', { name: 'Salvar' });
    const current = screen.getByLabelText('Senha atual');
    const fresh = screen.getByLabelText('Nova senha');
    const confirmation = screen.getByLabelText('Confirmação da nova senha');
    expect(save).toBeDisabled();

    await user.type(current, 'antiga123');
    expect(save).toBeDisabled();
    await user.type(fresh, 'nova12345');
    expect(save).toBeDisabled();

    await user.type(confirmation, 'nova1');
    expect(confirmation).toHaveClass('is-invalid');
    expect(save).toBeDisabled();

    await user.type(confirmation, '2345');
    expect(confirmation).not.toHaveClass('is-invalid');
    expect(save).toBeEnabled();

    await user.clear(current);
    expect(save).toBeDisabled();
  });

  it('saves, confirms and clears the form', async () => {
    let sent: PasswordUpdateRequest | undefined;
    server.use(
      http.post('/api/users/password/update', async ({ request }) => {
        sent = (await request.json()) as PasswordUpdateRequest;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPassword();
    await user.type(screen.getByLabelText('Senha atual'), 'antiga123');
    await user.type(screen.getByLabelText('Nova senha'), 'nova12345');
    await user.type(screen.getByLabelText('Confirmação da nova senha'), 'nova12345');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Senha alterada com sucesso.')).toBeInTheDocument();
    expect(sent).toEqual({
      currentPassword: 'antiga123',
      newPassword: 'nova12345',
      newPasswordConfirmation: 'nova12345',
    });
    expect(screen.getByLabelText('Senha atual')).toHaveValue('');
    expect(screen.getByLabelText('Nova senha')).toHaveValue('');
    expect(screen.getByLabelText('Confirmação da nova senha')).toHaveValue('');
  });

  it('shows a server refusal in the error dialog', async () => {
    server.use(
      http.post('/api/users/password/update', () =>
        HttpResponse.json(
          { error: 'invalid_request', error_description: 'Senha atual incorreta.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openPassword();
    await user.type(screen.getByLabelText('Senha atual'), 'errada');
    await user.type(screen.getByLabelText('Nova senha'), 'nova12345');
    await user.type(screen.getByLabelText('Confirmação da nova senha'), 'nova12345{Enter}');

    expect(await screen.findByRole('dialog')).toHaveTextContent('Senha atual incorreta.');
    expect(screen.getByLabelText('Nova senha')).toHaveValue('nova12345');
  });
});
