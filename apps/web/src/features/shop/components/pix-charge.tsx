import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import QRCode from 'qrcode';
import { formatMoney, type Cents } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { pixChargeRequested, pixKey, selectCheckout } from '../checkout-slice';

/**
 * A PIX line's static BR Code: the QR the customer scans and the copy-and-paste text. Confirming
 * that the money arrived stays the cashier's call ('Finalizar Pagamento').
 */
export function PixCharge({
  orderId,
  amount,
  line,
}: {
  orderId: number;
  amount: Cents;
  /** The payment line's key: each line's charge request is its own. */
  line: number;
}) {
  const dispatch = useAppDispatch();
  const charge = useAppSelector(selectCheckout).pix[pixKey(orderId, amount)];
  const [drawn, setDrawn] = useState<{ payload: string; image: string } | null>(null);
  const payload = charge && 'payload' in charge ? charge.payload : null;
  const image = drawn && drawn.payload === payload ? drawn.image : null;

  useEffect(() => {
    if (!charge && amount > 0) dispatch(pixChargeRequested({ orderId, amount, line }));
  }, [charge, amount, orderId, line, dispatch]);
  useEffect(() => {
    let current = true;
    if (payload)
      // SVG: no canvas needed, sharp at any size.
      void QRCode.toString(payload, { type: 'svg', margin: 1 }).then((svg) => {
        const image = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        if (current) setDrawn({ payload, image });
      });
    return () => {
      current = false;
    };
  }, [payload]);

  if (amount <= 0) return null;
  if (charge && 'error' in charge)
    return <p className="text-danger small mb-2">PIX: {charge.error}</p>;
  return (
    <div className="pix-charge d-flex gap-3 align-items-start mb-2">
      {image ? (
        <img src={image} width={160} height={160} alt={`QR Code PIX de ${formatMoney(amount)}`} />
      ) : (
        <div className="pix-qr-placeholder">Gerando QR Code...</div>
      )}
      {payload && (
        <Form.Group controlId={`pix-${orderId}-${amount}`} className="flex-grow-1">
          <Form.Label className="small mb-1">PIX copia e cola</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            readOnly
            className="small font-monospace"
            value={payload}
            onFocus={(event) => event.target.select()}
          />
          <Form.Text>txid {charge && 'txid' in charge ? charge.txid : ''}</Form.Text>
        </Form.Group>
      )}
    </div>
  );
}
