import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  CASH_NEEDS_OPEN_DRAWER,
  formatMoney,
  typedCents,
  type Cents,
  type PaymentMethodDto,
} from '@balcao/contract';
import type { PaymentLine } from '../checkout-slice';
import { isCash } from '../payment-state';
import { isPix } from '../pix-line';
import { PixCharge } from './pix-charge';

export interface PaymentLinesProps {
  orderId: number;
  lines: readonly PaymentLine[];
  amounts: readonly Cents[];
  methods: readonly PaymentMethodDto[];
  remaining: Cents;
  /** The cashier's drawer is open: cash needs it (the server refuses cash without one). */
  drawerOpen: boolean;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (key: number) => void;
  onChange: (change: { key: number; methodId?: number; amountCents?: Cents }) => void;
}

/**
 * One line follows the total; more lines split it, each amount editable; the rest is shown. A PIX
 * line shows its BR Code.
 */
export function PaymentLines(props: PaymentLinesProps) {
  const { orderId, lines, amounts, methods, remaining, drawerOpen, disabled } = props;
  const { onAdd, onRemove, onChange } = props;
  const single = lines.length === 1;
  const methodOf = (line: PaymentLine) =>
    methods.find((method) => method.id_forma_pagamento === line.methodId);
  return (
    <fieldset disabled={disabled}>
      <legend className="h6">Pagamento</legend>
      {lines.map((line, i) => (
        <div key={line.key}>
          <div className="d-flex gap-2 mb-2 align-items-center">
            <Form.Select
              aria-label={`Forma de pagamento ${i + 1}`}
              value={line.methodId ?? ''}
              onChange={(event) =>
                onChange({ key: line.key, methodId: Number(event.target.value) })
              }
            >
              {line.methodId === null && <option value="">Escolha...</option>}
              {methods.map((method) => (
                <option key={method.id_forma_pagamento} value={method.id_forma_pagamento}>
                  {method.descricao}
                </option>
              ))}
            </Form.Select>
            <Form.Control
              aria-label={`Valor ${i + 1}`}
              inputMode="numeric"
              style={{ maxWidth: '10rem' }}
              readOnly={single}
              value={formatMoney(amounts[i] ?? 0)}
              onChange={(event) =>
                onChange({
                  key: line.key,
                  amountCents: typedCents(event.target.value) ?? 0,
                })
              }
            />
            {!single && (
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={`Remover pagamento ${i + 1}`}
                onClick={() => onRemove(line.key)}
              >
                ×
              </Button>
            )}
          </div>
          {isCash(methodOf(line)) && !drawerOpen && (
            <p className="text-danger small mb-2">{CASH_NEEDS_OPEN_DRAWER}</p>
          )}
          {isPix(methodOf(line)) && (
            <PixCharge orderId={orderId} amountCents={amounts[i] ?? 0} line={line.key} />
          )}
        </div>
      ))}
      <div className="d-flex justify-content-between align-items-center">
        <Button variant="outline-primary" size="sm" onClick={onAdd}>
          Adicionar forma de pagamento
        </Button>
        <span className={remaining === 0 ? 'text-success' : 'text-danger'}>
          Restante: <strong aria-label="Restante">{formatMoney(remaining)}</strong>
        </span>
      </div>
    </fieldset>
  );
}
