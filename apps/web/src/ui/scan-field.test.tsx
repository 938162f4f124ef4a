import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { personPause } from '../testing/render';
import { useScanField } from './scan-field';

/** A desk: its scan field, a button that acts, and a button that opens a panel. */
function Desk() {
  const field = useRef<HTMLInputElement>(null);
  const [pressed, setPressed] = useState(0);
  const [open, setOpen] = useState(false);
  useScanField(() => field.current);
  return (
    <div>
      <label htmlFor="code">Código</label>
      <input id="code" ref={field} />
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

describe('useScanField', () => {
  it('takes a scan typed while a button has the focus', async () => {
    const user = userEvent.setup();
    render(<Desk />);
    screen.getByRole('button', { name: /Devolver/ }).focus();
    await user.keyboard('ABC123');
    expect(screen.getByLabelText('Código')).toHaveValue('ABC123');
    expect(screen.getByLabelText('Código')).toHaveFocus();
  });

  it("does not let a scanner's trailing Enter press a button, but a person's does", async () => {
    const user = userEvent.setup();
    render(<Desk />);
    const code = screen.getByLabelText('Código');
    await user.type(code, 'X1');
    const button = screen.getByRole('button', { name: /Devolver/ });
    button.focus();
    await user.keyboard('{Enter}');
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
});
