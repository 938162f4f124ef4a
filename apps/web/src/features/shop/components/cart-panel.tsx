import Card from 'react-bootstrap/Card';
import { formatMoney, orderAmounts, toCents, type SaleProduct } from '@balcao/contract';

export interface CartPanelProps {
  items: readonly { product: SaleProduct; quantity: number }[];
}

/** 'Carrinho': 'quantity x description' and the line total, then 'Total' (no discount at sale). */
export function CartPanel({ items }: CartPanelProps) {
  const lines = items.map(({ product, quantity }) => ({
    unitPrice: toCents(product.preco),
    quantity,
    discountPercent: 0,
  }));
  const amounts = orderAmounts(lines);
  return (
    <Card aria-labelledby="cart-title">
      <Card.Header as="h2" id="cart-title" className="h5 mb-0">
        Carrinho
      </Card.Header>
      <Card.Body>
        {items.length === 0 ? (
          <p className="text-body-secondary mb-0">O Carrinho está vazio :(</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label="Itens do carrinho">
            {items.map(({ product, quantity }, i) => (
              <li key={product.id} className="cart-line">
                <span>
                  {quantity} x {product.descricao}
                </span>
                <span>{formatMoney(amounts.lines[i]?.net ?? 0)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
      <Card.Footer className="cart-line fw-semibold">
        <span>Total</span>
        <span aria-label="Total do carrinho">{formatMoney(amounts.net)}</span>
      </Card.Footer>
    </Card>
  );
}
