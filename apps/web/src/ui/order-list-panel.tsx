import { useEffect, useRef, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import {
  cpfFits,
  formatCpf,
  ORDER_STATE_LABELS,
  type OrderDto,
  sortByAssociation,
} from '@balcao/contract';
import { formatDateTime } from './formats';

/** SPEC.md section 9. */
export const ORDER_LIST_REFRESH_MS = 30_000;

export interface OrderListPanelProps {
  title: string;
  orders: readonly OrderDto[];
  /** CPF digits: only orders whose CPF starts with them are listed. */
  cpfPrefix: string;
  selectedId: number | null;
  onSelect: (order: OrderDto) => void;
  /** Called every 30 s while the panel is shown. */
  onRefresh: () => void;
  emptyText?: string;
  /** A button per order (e.g. the paid list's badge print). */
  orderAction?: (order: OrderDto) => ReactNode;
  /** The last order this desk closed, shown in the footer with its print button. */
  lastOrder?: OrderDto | null;
  onPrintLast?: (order: OrderDto) => void;
  printLabel?: string;
}

/**
 * The desks' order list (cashier, delivery, paid orders): refreshed every 30 s, filtered by the
 * customer finder's CPF prefix, the last closed order in the footer.
 */
export function OrderListPanel(props: OrderListPanelProps) {
  const { title, orders, cpfPrefix, selectedId, onSelect, onRefresh, lastOrder, onPrintLast } =
    props;
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  }, [onRefresh]);
  useEffect(() => {
    const timer = setInterval(() => refresh.current(), ORDER_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const shown = sortByAssociation(orders).filter((order) => cpfFits(order.cpf ?? '', cpfPrefix));
  return (
    <Card className="order-list-panel">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      <ListGroup as="ul" variant="flush" aria-label={title} className="order-list">
        {shown.length === 0 && (
          <ListGroup.Item as="li" className="text-body-secondary">
            {props.emptyText ?? 'Nenhum pedido'}
          </ListGroup.Item>
        )}
        {shown.map((order) => (
          <ListGroup.Item
            as="li"
            key={order.id}
            active={order.id === selectedId}
            className="d-flex justify-content-between align-items-center gap-2"
          >
            <button
              type="button"
              className="order-list-select"
              aria-pressed={order.id === selectedId}
              onClick={() => onSelect(order)}
            >
              <strong>Pedido {order.id}</strong>
              {/* A refunded order stays listed (its receipts can be printed again): marked. */}
              {order.estadoPedido === 'ESTORNADO' && (
                <Badge bg="danger" className="ms-2">
                  {ORDER_STATE_LABELS.ESTORNADO}
                </Badge>
              )}
              <span className="d-block small">{order.nome}</span>
              <span className="d-block small">
                {order.cpf ? formatCpf(order.cpf) : ''} · {formatDateTime(order.data_associado)}
              </span>
            </button>
            {props.orderAction?.(order)}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {lastOrder && (
        <Card.Footer className="d-flex justify-content-between align-items-center gap-2">
          <span className="small">
            Último pedido: <strong>{lastOrder.id}</strong> {lastOrder.nome}
          </span>
          {onPrintLast && (
            <Button size="sm" variant="outline-primary" onClick={() => onPrintLast(lastOrder)}>
              {props.printLabel ?? 'Imprimir comprovante'}
            </Button>
          )}
        </Card.Footer>
      )}
    </Card>
  );
}
