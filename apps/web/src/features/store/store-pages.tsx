import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { menuFor, type AdminPage } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAppMode } from '../config/slice';
import { selectPermissions } from '../session/slice';
import { deskTabChanged, selectCheckout, type DeskTab } from './checkout-slice';
import { CheckoutDesk } from './components/checkout-desk';
import { SaleDesk } from './components/sale-desk';

/** The page's menu label as this user sees it ('Loja' for a single store permission). */
function usePageHeading(page: AdminPage): string {
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  return menuFor(permissions, mode).find((item) => item.page === page)?.label ?? page;
}

function StoreFrame({ page, children }: { page: AdminPage; children: ReactNode }) {
  return (
    <section className="store-page">
      <h1 className="h3 mb-3">{usePageHeading(page)}</h1>
      {children}
    </section>
  );
}

/** 'Vendas' (Store): a finalized order shows the success dialog. */
export function StorePage() {
  return (
    <StoreFrame page="STORE">
      <SaleDesk toCheckout={false} />
    </StoreFrame>
  );
}

/** 'Caixa' (Checkout). */
export function CheckoutPage() {
  return (
    <StoreFrame page="CHECKOUT">
      <CheckoutDesk />
    </StoreFrame>
  );
}

/**
 * 'Loja Vendas+Caixa' (SPEC.md section 4): finalizing on the sale tab selects the order on the
 * cashier tab; closing it returns to the sale tab.
 */
export function StoreCheckoutPage() {
  const dispatch = useAppDispatch();
  const { deskTab } = useAppSelector(selectCheckout);
  return (
    <StoreFrame page="STORE_CHECKOUT">
      <Tabs
        id="store-checkout-tabs"
        activeKey={deskTab}
        onSelect={(key) => key && dispatch(deskTabChanged(key as DeskTab))}
        className="mb-3"
        mountOnEnter
      >
        <Tab eventKey="sale" title="Vendas">
          <SaleDesk toCheckout />
        </Tab>
        <Tab eventKey="checkout" title="Caixa">
          <CheckoutDesk />
        </Tab>
      </Tabs>
    </StoreFrame>
  );
}
