import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  INVALID_DISCOUNT,
  discountOverLimitMessage,
  formatMoney,
  isValidDiscountPercent,
  toCents,
  type OrderItemDto,
} from '@balcao/contract';
import type { ItemChange } from '../checkout-slice';

/** A percent typed with a comma or a point; NaN when it is not a number. */
function readPercent(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' || !/^\d+(\.\d+)?$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

function DiscountInput({
  item,
  maxDiscount,
  disabled,
  onSave,
  onCheck,
}: {
  item: OrderItemDto;
  maxDiscount: number | null;
  disabled: boolean;
  onSave: (percent: number) => void;
  /** The field's message as the cashier types (null once it passes): payment waits for it. */
  onCheck: (error: string | null) => void;
}) {
  const [text, setText] = useState(String(item.desconto).replace('.', ','));
  const percent = readPercent(text);
  // A discount already on the line (given by someone with a larger limit) may stay.
  const overLimit = maxDiscount !== null && percent > maxDiscount && percent !== item.desconto;
  const error = !isValidDiscountPercent(percent)
    ? INVALID_DISCOUNT
    : overLimit
      ? discountOverLimitMessage(maxDiscount)
      : null;
  const valid = error === null;
  const check = useRef(onCheck);
  useEffect(() => {
    check.current = onCheck;
  });
  useEffect(() => {
    check.current(error);
  }, [error]);
  // A line that goes (or an order deselected) takes its field's message with it.
  useEffect(
    () => () => {
      check.current(null);
    },
    [],
  );
  const save = () => {
    if (valid && percent !== item.desconto) onSave(percent);
  };
  return (
    <>
      <Form.Control
        size="sm"
        inputMode="decimal"
        aria-label={`Desconto (%) de ${item.descricao}`}
        value={text}
        disabled={disabled}
        isInvalid={!valid}
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      />
      {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
    </>
  );
}

export interface OrderItemsProps {
  orderId: number;
  items: readonly OrderItemDto[];
  disabled: boolean;
  /** Discounts are edited only without a coupon (SPEC.md section 4). */
  discountEditable: boolean;
  /** The user's discount limit per line, shown under the table; null when unknown. */
  maxDiscount: number | null;
  onChange: (change: ItemChange) => void;
  /** A discount field's message as typed, or null once it passes. */
  onDiscountChecked: (productId: number, error: string | null) => void;
}

/**
 * The selected order's lines with the server's amounts: the quantity (fewer units after a stock
 * refusal; the server keeps the cart from being emptied) and the per-line discount percent.
 */
export function OrderItems({
  orderId,
  items,
  disabled,
  discountEditable,
  maxDiscount,
  onChange,
  onDiscountChecked,
}: OrderItemsProps) {
  return (
    <>
      <Table size="sm" className="align-middle mb-1">
        <caption className="visually-hidden">Itens do pedido</caption>
        <thead>
          <tr>
            <th scope="col">Produto</th>
            <th scope="col">Valor</th>
            <th scope="col">Qtd</th>
            <th scope="col" style={{ width: '6.5rem' }}>
              Desconto (%)
            </th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id_produto}>
              <td>{item.descricao}</td>
              <td className="text-nowrap">{formatMoney(toCents(item.preco))}</td>
              <td>
                <div className="d-flex align-items-center gap-1">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={`Menos ${item.descricao}`}
                    disabled={disabled}
                    onClick={() =>
                      onChange({ productId: item.id_produto, quantity: item.quantidade - 1 })
                    }
                  >
                    −
                  </Button>
                  <span className="text-center" style={{ minWidth: '2ch' }}>
                    {item.quantidade}
                  </span>
                </div>
              </td>
              <td>
                <DiscountInput
                  key={`${orderId}-${item.id_produto}-${item.desconto}`}
                  item={item}
                  maxDiscount={maxDiscount}
                  disabled={disabled || !discountEditable}
                  onSave={(percent) => onChange({ productId: item.id_produto, percent })}
                  onCheck={(error) => onDiscountChecked(item.id_produto, error)}
                />
              </td>
              <td className="text-nowrap">{formatMoney(toCents(item.total))}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {discountEditable && maxDiscount !== null && maxDiscount < 100 && (
        <p className="small text-body-secondary mb-2">Seu desconto máximo: {maxDiscount}%</p>
      )}
    </>
  );
}
