import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { cpfFits, formatMoney, toCents, type OrderDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectCheckout, unifyErrorDismissed, unifyRequested } from '../checkout-slice';

/**
 * The customer at the desk: the selected order's participant, or a full CPF typed in the finder.
 * By participant id, not CPF: a user without Participant gets masked CPFs ('***.456.789-**').
 */
function customerOf(
  selected: OrderDto | null,
  typed: string,
): { idCliente: string; owns: (order: OrderDto) => boolean } | null {
  const participantId = selected?.participantId;
  if (participantId !== undefined && participantId !== null) {
    return {
      idCliente: String(participantId),
      owns: (order) => order.participantId === participantId,
    };
  }
  if (typed.length !== 11) return null;
  return { idCliente: typed, owns: (order) => order.cpf !== null && cpfFits(order.cpf, typed) };
}

/**
 * When the customer at the cashier has several open orders (e.g. bought at two sale desks), the
 * offer to merge them into one (POST /api/carrinho/unificar) so they pay once. The selected order,
 * or else the oldest, keeps the items. A refusal (stock, another customer's cart) shows here.
 */
export function UnifyCartsPanel() {
  const dispatch = useAppDispatch();
  const { openOrders, selected, cpf, unify } = useAppSelector(selectCheckout);
  const found = customerOf(selected, cpf);
  const customer = found?.idCliente ?? null;
  const orders = found
    ? openOrders
        .filter(found.owns)
        .sort((a, b) => (a.id === selected?.id ? -1 : b.id === selected?.id ? 1 : a.id - b.id))
    : [];
  // Orders left out by the clerk, per customer; the rest are merged.
  const [leftOut, setLeftOut] = useState<{ cpf: string | null; ids: number[] }>({
    cpf: null,
    ids: [],
  });
  const excluded = leftOut.cpf === customer ? leftOut.ids : [];
  const chosen = orders.filter((order) => !excluded.includes(order.id));

  if (orders.length < 2 || !customer) return null;
  const toggle = (id: number) =>
    setLeftOut({
      cpf: customer,
      ids: excluded.includes(id) ? excluded.filter((item) => item !== id) : [...excluded, id],
    });
  return (
    <Card as="section" aria-labelledby="unify-title" border="warning">
      <Card.Header>
        <h2 id="unify-title" className="h6 mb-0">
          Unificar pedidos
        </h2>
      </Card.Header>
      <Card.Body>
        <p className="small mb-2">
          {orders[0]?.nome ?? 'O cliente'} tem {orders.length} pedidos em aberto. Unifique-os para
          pagar uma vez só.
        </p>
        {orders.map((order) => (
          <Form.Check
            key={order.id}
            id={`unify-${order.id}`}
            label={`Pedido ${order.id} — ${formatMoney(toCents(order.total))}`}
            checked={!excluded.includes(order.id)}
            disabled={unify.merging}
            onChange={() => toggle(order.id)}
          />
        ))}
        {unify.error && (
          <Alert
            variant="danger"
            className="mt-2 mb-0 py-2 small"
            dismissible
            onClose={() => dispatch(unifyErrorDismissed())}
          >
            Não foi possível unificar: {unify.error}
          </Alert>
        )}
        <Button
          className="mt-2 w-100"
          variant="warning"
          disabled={chosen.length < 2 || unify.merging}
          onClick={() =>
            dispatch(
              unifyRequested({ idCliente: customer, orderIds: chosen.map((order) => order.id) }),
            )
          }
        >
          {unify.merging
            ? 'Processando...'
            : chosen.length < 2
              ? 'Unificar pedidos'
              : `Unificar ${chosen.length} pedidos`}
        </Button>
      </Card.Body>
    </Card>
  );
}
