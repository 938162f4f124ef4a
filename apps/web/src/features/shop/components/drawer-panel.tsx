import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  formatMoney,
  typedCents,
  toCents,
  type Cents,
  type DrawerSessionDto,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/formats';
import { drawerCloseRequested, drawerOpenRequested, selectDrawer } from '../drawer-slice';

function MoneyInput(props: { label: string; value: Cents; onChange: (value: Cents) => void }) {
  return (
    <Form.Control
      aria-label={props.label}
      inputMode="numeric"
      size="sm"
      value={formatMoney(props.value)}
      onChange={(event) => props.onChange(typedCents(event.target.value) ?? 0)}
    />
  );
}

const money = (reais: number | null) => (reais === null ? '' : formatMoney(toCents(reais)));

/**
 * A drawer's expected, counted and difference per method and in total (counted and difference
 * stay empty while it is open). Also the 'Sessões de caixa' report's table.
 */
export function ClosingSummary({
  session,
  label = 'Fechamento do caixa',
}: {
  session: DrawerSessionDto;
  label?: string;
}) {
  return (
    <Table size="sm" aria-label={label} className="mb-2 small drawer-figures">
      <thead>
        <tr>
          <th>Forma</th>
          <th className="text-end">Esperado</th>
          <th className="text-end">Contado</th>
          <th className="text-end">Diferença</th>
        </tr>
      </thead>
      <tbody>
        {session.formas.map((method) => (
          <tr key={method.id_forma_pagamento}>
            <td>{method.descricao}</td>
            <td className="text-end">{money(method.esperado)}</td>
            <td className="text-end">{money(method.contado)}</td>
            <td className={`text-end ${method.diferenca ? 'text-danger' : ''}`}>
              {money(method.diferenca)}
            </td>
          </tr>
        ))}
        <tr className="fw-semibold">
          <td>Total</td>
          <td className="text-end">{money(session.esperado)}</td>
          <td className="text-end">{money(session.contado)}</td>
          <td className={`text-end ${session.diferenca ? 'text-danger' : ''}`}>
            {money(session.diferenca)}
          </td>
        </tr>
      </tbody>
    </Table>
  );
}

/**
 * The cashier's drawer, under the cashier screens: opened with a float, closed by typing what was
 * counted per method (a blind count: the expected amounts show only after closing, with the
 * difference); the closing receipt prints like the order receipts.
 */
export function DrawerPanel() {
  const dispatch = useAppDispatch();
  const { open, closed, busy } = useAppSelector(selectDrawer);
  const [float, setFloat] = useState<Cents>(0);
  const [counted, setCounted] = useState<Record<number, Cents>>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const countedTotal = Object.values(counted).reduce((sum, value) => sum + value, 0);

  const submitOpen = (event: FormEvent) => {
    event.preventDefault();
    dispatch(drawerOpenRequested({ float }));
  };
  // Closing ends the session for good: Enter (or the button) asks first.
  const submitClose = (event: FormEvent) => {
    event.preventDefault();
    setConfirmClose(true);
  };
  const close = () => {
    setConfirmClose(false);
    dispatch(drawerCloseRequested({ counted }));
    setCounted({});
  };

  return (
    <Card as="section" aria-labelledby="drawer-title">
      <Card.Header as="h2" id="drawer-title" className="h6 mb-0">
        Gaveta do caixa
      </Card.Header>
      <Card.Body>
        {closed && <ClosingSummary session={closed} />}
        {open ? (
          <Form onSubmit={submitClose}>
            <p className="small mb-2">
              Aberto em {formatDateTime(open.abertura)} ·{' '}
              <span className="text-nowrap">troco {money(open.troco)}</span>
            </p>
            {open.formas.map((method) => (
              <Form.Group key={method.id_forma_pagamento} className="mb-2 d-flex gap-2">
                <Form.Label className="flex-grow-1 mb-0 small">{method.descricao}</Form.Label>
                <div style={{ maxWidth: '9rem' }}>
                  <MoneyInput
                    label={`Contado em ${method.descricao}`}
                    value={counted[method.id_forma_pagamento] ?? 0}
                    onChange={(value) =>
                      setCounted((current) => ({ ...current, [method.id_forma_pagamento]: value }))
                    }
                  />
                </div>
              </Form.Group>
            ))}
            <Button type="submit" size="sm" variant="outline-danger" disabled={busy}>
              Fechar caixa
            </Button>
          </Form>
        ) : (
          <Form onSubmit={submitOpen} className="d-flex gap-2 align-items-end">
            <Form.Group className="flex-grow-1">
              <Form.Label className="small">Troco inicial</Form.Label>
              <MoneyInput label="Troco inicial" value={float} onChange={setFloat} />
            </Form.Group>
            <Button type="submit" size="sm" disabled={busy}>
              Abrir caixa
            </Button>
          </Form>
        )}
      </Card.Body>
      <ConfirmDialog
        show={confirmClose}
        title="Fechar caixa"
        text={`O caixa será fechado com ${formatMoney(countedTotal)} contados. Depois de fechado, ele não recebe mais pagamentos.`}
        confirmLabel="Fechar caixa"
        onCancel={() => setConfirmClose(false)}
        onConfirm={close}
      />
    </Card>
  );
}
