import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import QRCode from 'qrcode';
import { formatMoney, type Cents, type PixPspChargeDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  pixChargeCancelRequested,
  pixChargeForgotten,
  pixChargeRequested,
  pixManualConfirmed,
  pixManualUndone,
  selectCheckout,
} from '../checkout-slice';
import { pixKey } from '../pix-line';

/**
 * A PIX line's charge. Without a PSP: the static BR Code, and confirming that the money arrived
 * stays the cashier's call ('Finalizar Pagamento'). With a PSP (docs/pix.md): the PSP's BR Code
 * with its countdown until the bank confirms it (the till then pays by itself), 'Cancelar
 * cobrança', and 'Confirmar sem o banco' with a reason.
 */
export function PixCharge({
  orderId,
  amountCents,
  line,
}: {
  orderId: number;
  amountCents: Cents;
  /** The payment line's key: each line's charge request is its own. */
  line: number;
}) {
  const dispatch = useAppDispatch();
  const checkout = useAppSelector(selectCheckout);
  const key = pixKey(orderId, amountCents);
  const charge = checkout.pix[key];
  const manualReason = checkout.pixManual[key];

  useEffect(() => {
    if (!charge && amountCents > 0) dispatch(pixChargeRequested({ orderId, amountCents, line }));
  }, [charge, amountCents, orderId, line, dispatch]);

  if (amountCents <= 0) return null;
  if (manualReason !== undefined)
    return (
      <Alert variant="warning" className="small py-2 mb-2 d-flex align-items-center gap-2">
        <span className="flex-grow-1">
          PIX de {formatMoney(amountCents)} confirmado pelo caixa, sem o banco: {manualReason}
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => dispatch(pixManualUndone(key))}
        >
          Desfazer
        </Button>
      </Alert>
    );
  if (charge?.kind === 'error')
    return (
      <div className="mb-2">
        <p className="text-danger small mb-1">PIX: {charge.error}</p>
        {charge.pspFailed && (
          <div className="d-flex gap-2">
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => dispatch(pixChargeForgotten(key))}
            >
              Tentar de novo
            </Button>
            <ManualConfirmation
              onConfirm={(reason) => dispatch(pixManualConfirmed({ key, reason }))}
            />
          </div>
        )}
      </div>
    );
  if (charge?.kind === 'psp')
    return (
      <PspCharge
        charge={charge.charge}
        amountCents={amountCents}
        onCancel={() => dispatch(pixChargeCancelRequested({ key, txid: charge.charge.txid }))}
        onRenew={() => dispatch(pixChargeForgotten(key))}
        onManual={(reason) => dispatch(pixManualConfirmed({ key, reason }))}
      />
    );
  const payload = charge?.kind === 'static' ? charge.charge.payload : null;
  return (
    <BrCode
      payload={payload}
      amountCents={amountCents}
      id={`pix-${orderId}-${amountCents}`}
      txid={charge?.kind === 'static' ? charge.charge.txid : ''}
    />
  );
}

/** The QR the customer scans and the copy-and-paste text of a BR Code. */
function BrCode({
  payload,
  amountCents,
  id,
  txid,
}: {
  payload: string | null;
  amountCents: Cents;
  id: string;
  txid: string;
}) {
  const [drawn, setDrawn] = useState<{ payload: string; image: string } | null>(null);
  const image = drawn && drawn.payload === payload ? drawn.image : null;
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
  return (
    <div className="pix-charge d-flex gap-3 align-items-start mb-2">
      {image ? (
        <img
          src={image}
          width={160}
          height={160}
          alt={`QR Code PIX de ${formatMoney(amountCents)}`}
        />
      ) : (
        <div className="pix-qr-placeholder">Gerando QR Code...</div>
      )}
      {payload && (
        <Form.Group controlId={id} className="flex-grow-1">
          <Form.Label className="small mb-1">PIX copia e cola</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            readOnly
            className="small font-monospace"
            value={payload}
            onFocus={(event) => event.target.select()}
          />
          <Form.Text>txid {txid}</Form.Text>
        </Form.Group>
      )}
    </div>
  );
}

/** Seconds left until `expiresAt`, ticking every second. */
function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function PspCharge({
  charge,
  amountCents,
  onCancel,
  onRenew,
  onManual,
}: {
  charge: PixPspChargeDto;
  amountCents: Cents;
  onCancel: () => void;
  onRenew: () => void;
  onManual: (reason: string) => void;
}) {
  const seconds = useSecondsLeft(charge.expiresAt);
  if (charge.endToEndId)
    return (
      <Alert variant="success" className="small py-2 mb-2" role="status">
        PIX de {formatMoney(amountCents)} confirmado pelo banco
        {charge.status !== 'CONCLUIDA' && ' (pago após o fim da cobrança)'}. Identificador{' '}
        <span className="font-monospace">{charge.endToEndId}</span>
      </Alert>
    );
  if (charge.status === 'ATIVA')
    return (
      <div className="mb-2">
        <BrCode
          payload={charge.pixCopiaECola}
          amountCents={amountCents}
          id={`pix-${charge.txid}`}
          txid={charge.txid}
        />
        <p className="small mb-1" role="status" aria-live="polite">
          {seconds > 0
            ? `Aguardando a confirmação do banco… expira em ${minutesSeconds(seconds)}`
            : 'Cobrança expirando: verificando com o banco…'}
        </p>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-danger" onClick={onCancel}>
            Cancelar cobrança
          </Button>
          <ManualConfirmation onConfirm={onManual} />
        </div>
      </div>
    );
  return (
    <div className="mb-2">
      <p className="text-danger small mb-1">
        {charge.status === 'CANCELADA' ? 'Cobrança PIX cancelada.' : 'Cobrança PIX expirada.'}
      </p>
      <div className="d-flex gap-2">
        <Button size="sm" variant="outline-primary" onClick={onRenew}>
          Gerar nova cobrança
        </Button>
        <ManualConfirmation onConfirm={onManual} />
      </div>
    </div>
  );
}

/** 'Confirmar sem o banco': the reason is asked first; the server audits who and why. */
function ManualConfirmation({ onConfirm }: { onConfirm: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <Button size="sm" variant="outline-secondary" onClick={() => setOpen(true)}>
        Confirmar sem o banco
      </Button>
    );
  const submit = () => {
    if (reason.trim() !== '') onConfirm(reason.trim());
  };
  return (
    <Form
      className="d-flex gap-2 align-items-end flex-grow-1"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Form.Group controlId="pix-manual-reason" className="flex-grow-1">
        <Form.Label className="small mb-1">Motivo da confirmação sem o banco</Form.Label>
        <Form.Control
          size="sm"
          autoFocus
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        />
      </Form.Group>
      <Button size="sm" type="submit" variant="warning" disabled={reason.trim() === ''}>
        Confirmar PIX
      </Button>
    </Form>
  );
}
