import Form from 'react-bootstrap/Form';
import { formatMoney, typedCents, type Cents } from '@balcao/contract';

export interface CashChangeProps {
  /** The cash part of the payment: what is recorded, whatever the customer handed over. */
  cashPart: Cents;
  received: Cents | null;
  /** Null while 'Recebido' does not cover the cash part. */
  change: Cents | null;
  disabled: boolean;
  onReceivedChange: (received: Cents | null) => void;
  /** Enter in 'Recebido': the cashier's next step is 'Finalizar Pagamento'. */
  onSubmit: () => void;
}

/** 'Recebido' (what the customer handed over for the cash part) and the 'Troco' to give back. */
export function CashChange(props: CashChangeProps) {
  const { cashPart, received, change, disabled, onReceivedChange, onSubmit } = props;
  const short = received !== null && change === null;
  return (
    <Form
      className="cash-change d-flex flex-wrap gap-3 align-items-end mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Form.Group controlId="cash-received">
        <Form.Label className="small mb-1">Recebido</Form.Label>
        <Form.Control
          inputMode="numeric"
          style={{ maxWidth: '10rem' }}
          disabled={disabled}
          isInvalid={short}
          placeholder={formatMoney(cashPart)}
          value={received === null ? '' : formatMoney(received)}
          onFocus={(event) => event.target.select()}
          onChange={(event) => onReceivedChange(typedCents(event.target.value))}
        />
        <Form.Control.Feedback type="invalid">
          Recebido menor que o valor em dinheiro ({formatMoney(cashPart)}).
        </Form.Control.Feedback>
      </Form.Group>
      <p className="mb-2 fs-5">
        Troco:{' '}
        <strong aria-label="Troco" className={change ? 'text-primary' : undefined}>
          {formatMoney(change ?? 0)}
        </strong>
      </p>
    </Form>
  );
}
