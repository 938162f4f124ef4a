import { useEffect, useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atScannerSpeed, personPause } from '../testing/render';
import { NoticeDialog } from './notice-dialog';
import { useScanField } from './scan-field';

/** A desk: its scan field, a button that acts, a button that opens a panel, and its message. */
function Desk({ message = null }: { message?: string | null }) {
  const field = useRef<HTMLInputElement>(null);
  const [pressed, setPressed] = useState(0);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState(message);
  const [scanned, setScanned] = useState<string[]>([]);
  useScanField(() => field.current);
  return (
    <div>
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          setScanned([...scanned, field.current?.value ?? '']);
        }}
      >
        <label htmlFor="code">Código</label>
        <input id="code" ref={field} />
      </form>
      <output aria-label="Lidos">{scanned.join(',')}</output>
      <NoticeDialog
        notice={notice === null ? null : { title: 'Sucesso!', text: notice }}
        onClose={() => setNotice(null)}
      />
      <button type="button" onClick={() => setPressed((n) => n + 1)}>
        Devolver {pressed}
      </button>
      <button type="button" aria-controls="panel" onClick={() => setOpen(!open)}>
        Menu
      </button>
      {open && <div id="panel">Painel</div>}
    </div>
  );
}

/**
 * A desk that looks a code up (busy 80 ms, its Enter ignored meanwhile as the accreditation desk
 * did), then sends the cursor to a second field or, for a code starting 'P', to a button.
 */
function LookupDesk() {
  const field = useRef<HTMLInputElement>(null);
  const second = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [looked, setLooked] = useState<string[]>([]);
  const [linked, setLinked] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [pressed, setPressed] = useState(0);
  const [focus, setFocus] = useState<{ to: 'field' | 'second' | 'button'; n: number }>({
    to: 'field',
    n: 0,
  });
  useScanField(() => field.current, busy);
  useEffect(() => {
    const target = { field, second, button }[focus.to].current;
    target?.focus();
    if (target instanceof HTMLInputElement) target.select();
  }, [focus]);
  const lookUp = (value: string) => {
    if (busy || value === '') return;
    setBusy(true);
    setTimeout(() => {
      setBusy(false);
      setLooked((all) => [...all, value]);
      setFocus((now) => ({ to: value.startsWith('P') ? 'button' : 'second', n: now.n + 1 }));
    }, 80);
  };
  return (
    <div>
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          lookUp(field.current?.value ?? '');
        }}
      >
        <label htmlFor="cpf">CPF</label>
        <input id="cpf" ref={field} />
      </form>
      <label htmlFor="second">Apostila</label>
      <input
        id="second"
        ref={second}
        value={code}
        onChange={(changed) => setCode(changed.target.value)}
        onKeyDown={(key) => {
          if (key.key !== 'Enter') return;
          key.preventDefault();
          setLinked((all) => [...all, code]);
          setCode('');
          setFocus((now) => ({ to: 'field', n: now.n + 1 }));
        }}
      />
      <button ref={button} type="button" onClick={() => setPressed((n) => n + 1)}>
        Imprimir {pressed}
      </button>
      <output aria-label="Consultados">{looked.join(',')}</output>
      <output aria-label="Vinculados">{linked.join(',')}</output>
    </div>
  );
}

describe('useScanField', () => {
  it('takes a scan typed while a button has the focus', async () => {
    const user = userEvent.setup();
    render(<Desk />);
    screen.getByRole('button', { name: /Devolver/ }).focus();
    await atScannerSpeed(() => user.keyboard('ABC123'));
    expect(screen.getByLabelText('Código')).toHaveValue('ABC123');
    expect(screen.getByLabelText('Código')).toHaveFocus();
  });

  it("does not let a scanner's trailing Enter press a button, but a person's does", async () => {
    const user = userEvent.setup();
    render(<Desk />);
    const code = screen.getByLabelText('Código');
    const button = screen.getByRole('button', { name: /Devolver/ });
    await atScannerSpeed(async () => {
      await user.type(code, 'X1');
      button.focus();
      await user.keyboard('{Enter}');
    });
    expect(button).toHaveTextContent('Devolver 0');
    await personPause();
    await user.keyboard('{Enter}');
    expect(button).toHaveTextContent('Devolver 1');
  });

  it('takes a click between the keys and Enter for a person', async () => {
    const user = userEvent.setup();
    render(<Desk />);
    await user.type(screen.getByLabelText('Código'), '95');
    await user.click(screen.getByRole('button', { name: /Devolver/ }));
    screen.getByRole('button', { name: /Devolver/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /Devolver/ })).toHaveTextContent('Devolver 2');
  });

  it('gives the focus back to the field after a click, except on a button that opens something', async () => {
    const user = userEvent.setup();
    render(<Desk />);
    await user.click(screen.getByRole('button', { name: /Devolver/ }));
    await waitFor(() => expect(screen.getByLabelText('Código')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByText('Painel')).toBeInTheDocument();
    await personPause();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('keeps the keys typed during a lookup and presses them where its answer puts the cursor', async () => {
    const user = userEvent.setup();
    render(<LookupDesk />);
    screen.getByLabelText('CPF').focus();
    // A CPF and the courseware code right after it, as a scanner sends them: the code's leading
    // '0' and its Enter come while the CPF is looked up.
    await atScannerSpeed(() => user.keyboard('11122233344{Enter}0123{Enter}'));
    await waitFor(() => expect(screen.getByLabelText('Vinculados')).toHaveTextContent('0123'));
    expect(screen.getByLabelText('Consultados')).toHaveTextContent(/^11122233344$/);
    expect(screen.getByLabelText('CPF')).toHaveFocus();

    // A second CPF scanned during the first's lookup: its one Enter is enough.
    await personPause();
    await atScannerSpeed(() => user.keyboard('P1{Enter}P2{Enter}'));
    await waitFor(() =>
      expect(screen.getByLabelText('Consultados')).toHaveTextContent('11122233344,P1,P2'),
    );
    // The answer's focus moves in an effect after the render that shows it.
    await waitFor(() => expect(screen.getByRole('button', { name: /Imprimir/ })).toHaveFocus());
  });

  it("presses a person's Enter on the highlighted button right after a fast lookup", async () => {
    const user = userEvent.setup();
    render(<LookupDesk />);
    screen.getByLabelText('CPF').focus();
    await atScannerSpeed(async () => {
      await user.keyboard('P9{Enter}');
      await waitFor(() => expect(screen.getByRole('button', { name: /Imprimir/ })).toHaveFocus());
      await user.keyboard('{Enter}');
    });
    expect(screen.getByRole('button', { name: /Imprimir/ })).toHaveTextContent('Imprimir 1');
  });

  it('closes a message dialog when a scan arrives, and the scan lands whole in the field', async () => {
    const user = userEvent.setup();
    render(<Desk message="O pedido foi devidamente finalizado." />);
    const ok = await screen.findByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await atScannerSpeed(() => user.keyboard('7891001{Enter}'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Lidos')).toHaveTextContent('7891001');
    expect(screen.getByLabelText('Código')).toHaveFocus();
  });
});
