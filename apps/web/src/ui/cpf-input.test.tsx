import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CpfInput } from './cpf-input';

function Harness({ onEnter }: { onEnter: (digits: string) => void }) {
  const [cpf, setCpf] = useState('');
  return (
    <>
      <label htmlFor="cpf">CPF</label>
      <CpfInput id="cpf" value={cpf} onChange={setCpf} onEnter={onEnter} />
      <output aria-label="Dígitos">{cpf}</output>
    </>
  );
}

describe('CpfInput', () => {
  it('keeps digits only, masks them as 000.000.000-00 and stops at 14 characters', async () => {
    const user = userEvent.setup();
    render(<Harness onEnter={vi.fn()} />);
    const field = screen.getByLabelText('CPF');
    expect(field).toHaveAttribute('maxlength', '14');
    await user.type(field, '529a.98b22472599');
    expect(field).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Dígitos')).toHaveTextContent(/^52998224725$/);
  });

  it('clears on Escape and submits the digits on Enter', async () => {
    const user = userEvent.setup();
    const onEnter = vi.fn();
    render(<Harness onEnter={onEnter} />);
    const field = screen.getByLabelText('CPF');
    await user.type(field, '1234');
    expect(field).toHaveValue('123.4');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    await user.type(field, '52998224725{Enter}');
    expect(onEnter).toHaveBeenCalledWith('52998224725');
  });
});
