import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { menuFor, type AdminPage } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { DeskShownContext } from '../../ui/scan-field';
import { selectAppMode } from '../../app/config/slice';
import { selectPermissions } from '../../app/session/slice';
import { deskTabChanged, selectCheckout, type DeskTab } from './checkout-slice';
import { CheckoutDesk } from './components/checkout-desk';
import { DeliveryDesk } from './components/delivery-desk';
import { PaidOrdersDesk } from './components/paid-orders-desk';
import { SaleDesk } from './components/sale-desk';
import { PageFrame } from '../../ui/page-frame';
import './area';

/** The page's menu label as this user sees it ('Loja' for a single store permission). */
function usePageHeading(page: AdminPage): string {
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  return menuFor(permissions, mode).find((item) => item.page === page)?.label ?? page;
}

/** `desk`: the desk's own name, shown under the heading when the menu calls the page 'Loja'. */
function StoreFrame(props: { page: AdminPage; desk?: string; children: ReactNode }) {
  const { page, desk, children } = props;
  const heading = usePageHeading(page);
  return (
    <PageFrame title={heading} subtitle={desk !== heading ? desk : undefined}>
      {children}
    </PageFrame>
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
    <StoreFrame page="CHECKOUT" desk="Caixa">
      <CheckoutDesk />
    </StoreFrame>
  );
}

/** 'Expedição' (Delivery). */
export function DeliveryPage() {
  return (
    <StoreFrame page="DELIVERY">
      <DeliveryDesk />
    </StoreFrame>
  );
}

/** 'Pedidos pagos' (System): receipts again and refunds. */
export function PaidOrdersPage() {
  return (
    <StoreFrame page="PAID_ORDERS">
      <PaidOrdersDesk />
    </StoreFrame>
  );
}

const DESK_TAB_TITLES: Record<DeskTab, string> = {
  sale: 'Vendas',
  checkout: 'Caixa',
  delivery: 'Expedição',
};

/**
 * The combined store screens (SPEC.md section 4): finalizing on the sale tab selects the order on
 * the cashier tab; paying returns to the sale tab, or with a delivery tab selects the order there;
 * delivering returns to the sale tab. A screen without a sale tab starts on the cashier.
 */
function CombinedStorePage({ page, tabs }: { page: AdminPage; tabs: readonly DeskTab[] }) {
  const dispatch = useAppDispatch();
  const { deskTab } = useAppSelector(selectCheckout);
  const active = tabs.includes(deskTab) ? deskTab : tabs[0];
  const toDelivery = tabs.includes('delivery');
  return (
    <StoreFrame page={page}>
      <Tabs
        id="store-desk-tabs"
        activeKey={active}
        onSelect={(key) => key && dispatch(deskTabChanged(key as DeskTab))}
        className="mb-3"
        mountOnEnter
      >
        {tabs.map((tab) => (
          <Tab key={tab} eventKey={tab} title={DESK_TAB_TITLES[tab]}>
            {/* Scans go to the shown tab's desk; a tab shown again takes them at once. */}
            <DeskShownContext value={tab === active}>
              {tab === 'sale' ? (
                <SaleDesk toCheckout />
              ) : tab === 'checkout' ? (
                <CheckoutDesk toDelivery={toDelivery} />
              ) : (
                <DeliveryDesk />
              )}
            </DeskShownContext>
          </Tab>
        ))}
      </Tabs>
    </StoreFrame>
  );
}

/** 'Loja Vendas+Caixa' (StoreCheckout). */
export function StoreCheckoutPage() {
  return <CombinedStorePage page="STORE_CHECKOUT" tabs={['sale', 'checkout']} />;
}

/** 'Loja Caixa+Expedição' (CheckoutDelivery): starts on the cashier tab. */
export function CheckoutDeliveryPage() {
  return <CombinedStorePage page="CHECKOUT_DELIVERY" tabs={['checkout', 'delivery']} />;
}

/** 'Loja Vendas+Caixa+Expedição' (StoreCheckoutDelivery). */
export function StoreCheckoutDeliveryPage() {
  return (
    <CombinedStorePage page="STORE_CHECKOUT_DELIVERY" tabs={['sale', 'checkout', 'delivery']} />
  );
}
