import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import './pages';
import { PAGE_COMPONENTS } from './app/shell/pages';
import { Slot } from './app/slots';
import { makeStore } from './app/store';
import { signedInSession } from './testing/fixtures';
import { orderDto } from './testing/fake-shop-server';

// Nothing else loaded here: each page's chunk must bring its slots' fills.
describe('the page table', { timeout: 20_000 }, () => {
  it('loads the coupon field with the cashier pages and the TOTP reset with Usuários', async () => {
    await PAGE_COMPONENTS.CHECKOUT!.preload();
    render(
      <Provider store={makeStore({ session: signedInSession() })}>
        <Slot name="checkoutOrder" order={orderDto()} disabled={false} />
        <Slot name="usersToolbar" selected={null} selectedRows={[]} />
      </Provider>,
    );
    expect(screen.getByRole('button', { name: 'Aplicar cupom' })).toBeInTheDocument();
    const reset = { name: 'Redefinir autenticação em dois fatores' };
    expect(screen.queryByRole('button', reset)).not.toBeInTheDocument();

    await act(() => PAGE_COMPONENTS.USERS!.preload());
    expect(screen.getByRole('button', reset)).toBeDisabled();
  });
});
