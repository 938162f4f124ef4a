import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { formatCpf, formatMoney, toCents } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { CustomerFinder, customerFromScan } from '../../../ui/customer-finder';
import { NoticeDialog } from '../../../ui/notice-dialog';
import { OrderListPanel } from '../../../ui/order-list-panel';
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

/**
 * The delivery desk ('Expedição' and the delivery tab of the combined screens): paid orders found
 * by CPF or badge, the selected order's items and 'Entregar', which prints the delivery receipt.
 */
export function DeliveryDesk() {
  const dispatch = useAppDispatch();
  const delivery = useAppSelector(selectDelivery);
  const cpfRef = useRef<HTMLInputElement>(null);
  const { selected } = delivery;

  return (
    <div className="store-columns">
      <div>
        {selected ? (
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
                disabled={delivery.delivering}
                onClick={() => dispatch(deliverRequested())}
              >
                {delivery.delivering ? 'Processando...' : 'Entregar'}
              </Button>
            </Card.Body>
          </Card>
        ) : (
          <Card body className="text-body-secondary">
            Selecione um pedido pago ou busque o cliente pelo CPF.
          </Card>
        )}
      </div>
      <div className="d-flex flex-column gap-3">
        <Card body>
          <CustomerFinder
            id="delivery-cpf"
            inputRef={cpfRef}
            value={delivery.cpf}
            onChange={(digits) => dispatch(deliveryCpfChanged(digits))}
            onLookup={(digits) =>
              dispatch(
                digits.length === 1
                  ? deliveryOrdersRequested()
                  : deliveryLookupRequested({ cpf: digits }),
              )
            }
            onScan={(text) => dispatch(deliveryLookupRequested(customerFromScan(text)))}
          />
        </Card>
        <OrderListPanel
          title="Pedidos a entregar"
          emptyText="Nenhum pedido a entregar"
          orders={delivery.orders}
          cpfPrefix={delivery.cpf}
          selectedId={selected?.id ?? null}
          onSelect={(order) => dispatch(deliveryOrderSelected(order))}
          onRefresh={() => dispatch(deliveryOrdersRequested())}
          lastOrder={delivery.lastOrder}
          onPrintLast={(order) => dispatch(deliveryPrintRequested(order.id))}
          printLabel="Comprovante Expedição"
        />
      </div>
      <NoticeDialog
        notice={delivery.notice}
        onClose={() => {
          dispatch(deliveryNoticeDismissed());
          cpfRef.current?.focus();
        }}
      />
    </div>
  );
}
