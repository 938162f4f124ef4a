import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  checkoutNoticeDismissed,
  customerLookupRequested,
  finderCpfChanged,
  openOrdersRequested,
  orderSelected,
  receiptPrintRequested,
  selectCheckout,
} from '../checkout-slice';
import { CheckoutOrder } from './checkout-order';
import { DrawerPanel } from './drawer-panel';
import { OrderDesk } from './order-desk';
import { UnifyCartsPanel } from './unify-carts-panel';

/**
 * The cashier ('Caixa' and the cashier tab of the combined screens): open orders found by CPF or
 * badge, the selected order (`CheckoutOrder`), the offer to merge a customer's several open orders
 * and the cash drawer. The receipt prints after paying. `toDelivery`: the '+Expedição' screens.
 */
export function CheckoutDesk({ toDelivery = false }: { toDelivery?: boolean }) {
  const dispatch = useAppDispatch();
  const checkout = useAppSelector(selectCheckout);
  return (
    <OrderDesk
      finderId="checkout-cpf"
      cpf={checkout.cpf}
      onCpfChange={(digits) => dispatch(finderCpfChanged(digits))}
      onListRequested={() => dispatch(openOrdersRequested())}
      onCustomerLookup={(customer) => dispatch(customerLookupRequested(customer))}
      list={{
        title: 'Pedidos em aberto',
        emptyText: 'Nenhum pedido em aberto',
        orders: checkout.openOrders,
        selectedId: checkout.selected?.id ?? null,
        onSelect: (order) => dispatch(orderSelected(order)),
        lastOrder: checkout.lastOrder,
        onPrintLast: (order) => dispatch(receiptPrintRequested(order.id)),
        printLabel: 'Comprovante Pagamento',
      }}
      notice={checkout.notice}
      onNoticeDismissed={() => dispatch(checkoutNoticeDismissed())}
      aside={
        <>
          <UnifyCartsPanel />
          <DrawerPanel />
        </>
      }
    >
      <CheckoutOrder toDelivery={toDelivery} />
    </OrderDesk>
  );
}
