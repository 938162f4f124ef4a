import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { formatCpf, formatMoney, toCents } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  deliverRequested,
  deliveryCpfChanged,
  deliveryLookupRequested,
  deliveryNoticeDismissed,
  deliveryOrderSelected,
  deliveryOrdersRequested,
  deliveryPrintRequested,
  selectDelivery,
} from '../delivery-slice';
import { ItemsTable } from './items-table';
import { OrderDesk } from './order-desk';

/** The order to hand over: its items and 'Entregar', which prints the delivery receipt. */
function DeliveryOrder() {
  const dispatch = useAppDispatch();
  const { selected, delivering } = useAppSelector(selectDelivery);
  const [confirmDeliver, setConfirmDeliver] = useState(false);
  if (!selected)
    return (
      <Card body className="text-body-secondary">
        Selecione um pedido pago ou busque o cliente pelo CPF.
      </Card>
    );
  return (
    <Card aria-labelledby="delivery-order-title">
      <Card.Header>
        <h2 id="delivery-order-title" className="h5 mb-0">
          Pedido {selected.id}
        </h2>
      </Card.Header>
      <Card.Body>
        <p className="mb-2">
          <strong>{selected.nome}</strong>
          {selected.cpf && <span className="ms-2">CPF {formatCpf(selected.cpf)}</span>}
        </p>
        <ItemsTable items={selected.items} label="Itens a entregar" />
        <p className="cart-line fw-semibold">
          <span>Total</span>
          <span>{formatMoney(toCents(selected.total))}</span>
        </p>
        <Button
          className="mt-2 w-100"
          size="lg"
          variant="success"
          autoFocus
          disabled={delivering}
          onClick={() => setConfirmDeliver(true)}
        >
          {delivering ? 'Processando...' : 'Entregar'}
        </Button>
      </Card.Body>
      <ConfirmDialog
        show={confirmDeliver}
        title="Entregar pedido"
        text={`Confirma a entrega do pedido ${selected.id} a ${selected.nome}?`}
        confirmLabel="Entregar"
        onCancel={() => setConfirmDeliver(false)}
        onConfirm={() => {
          setConfirmDeliver(false);
          dispatch(deliverRequested());
        }}
      />
    </Card>
  );
}

/**
 * The delivery desk ('Expedição' and the delivery tab of the combined screens): paid orders found
 * by CPF or badge, the selected order's items and 'Entregar'.
 */
export function DeliveryDesk() {
  const dispatch = useAppDispatch();
  const delivery = useAppSelector(selectDelivery);
  return (
    <OrderDesk
      finderId="delivery-cpf"
      cpf={delivery.cpf}
      onCpfChange={(digits) => dispatch(deliveryCpfChanged(digits))}
      onListRequested={() => dispatch(deliveryOrdersRequested())}
      onCustomerLookup={(customer) => dispatch(deliveryLookupRequested(customer))}
      list={{
        title: 'Pedidos a entregar',
        emptyText: 'Nenhum pedido a entregar',
        orders: delivery.orders,
        selectedId: delivery.selected?.id ?? null,
        onSelect: (order) => dispatch(deliveryOrderSelected(order)),
        lastOrder: delivery.lastOrder,
        onPrintLast: (order) => dispatch(deliveryPrintRequested(order.id)),
        printLabel: 'Comprovante Expedição',
      }}
      notice={delivery.notice}
      onNoticeDismissed={() => dispatch(deliveryNoticeDismissed())}
    >
      <DeliveryOrder />
    </OrderDesk>
  );
}
