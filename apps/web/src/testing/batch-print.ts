import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The quantity prompt of ui/batch-print.tsx (by its dialog's name): `quantity` typed, 'Imprimir'. */
export async function printQuantity(user: UserEvent, prompt: string, quantity: string) {
  const dialog = await screen.findByRole('dialog', { name: prompt });
  await user.clear(within(dialog).getByLabelText('Quantidade'));
  await user.type(within(dialog).getByLabelText('Quantidade'), quantity);
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
}

/** 0 in the prompt: 'Erro!' says 'Digite um número maior que 0.'; OK returns to the prompt. */
export async function expectZeroRefused(user: UserEvent, prompt: string) {
  await printQuantity(user, prompt, '0');
  const error = await screen.findByRole('dialog', { name: 'Erro!' });
  expect(error).toHaveTextContent('Digite um número maior que 0.');
  await user.click(within(error).getByRole('button', { name: 'OK' }));
}
