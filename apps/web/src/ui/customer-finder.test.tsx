import { customerFromScan } from '@balcao/contract';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { CustomerFinder } from './customer-finder';

function Finder({
  onLookup,
  onScan,
}: {
  onLookup: (d: string) => void;
  onScan: (t: string) => void;
}) {
  const [cpf, setCpf] = useState('');
  return (
    <CustomerFinder id="finder" value={cpf} onChange={setCpf} onLookup={onLookup} onScan={onScan} />
  );
}

describe('CustomerFinder', () => {
  it('masks the CPF, looks up at 1 and 11 digits, and Escape clears', async () => {
    const onLookup = vi.fn();
    const { user } = renderWithProviders(<Finder onLookup={onLookup} onScan={vi.fn()} />);
    const field = screen.getByLabelText('CPF do cliente');
    await user.type(field, '52998224725');
    expect(field).toHaveValue('529.982.247-25');
    expect(onLookup.mock.calls).toEqual([['5'], ['52998224725']]);
    await user.keyboard('{Enter}');
    expect(onLookup).toHaveBeenLastCalledWith('52998224725');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
  });

  it('passes a badge QR read by the camera', async () => {
    const onScan = vi.fn();
    const { user } = renderWithProviders(<Finder onLookup={vi.fn()} onScan={onScan} />);
    await user.click(screen.getByRole('button', { name: 'Ler QR Code do crachá' }));
    await user.type(await screen.findByLabelText('Imagem da câmera'), '41{Enter}');
    expect(onScan).toHaveBeenCalledWith('41');
  });

  it('reads a scanned CPF as a CPF and anything else as a participant id', () => {
    expect(customerFromScan('529.982.247-25')).toEqual({ cpf: '52998224725' });
    expect(customerFromScan('41')).toEqual({ participantId: '41' });
  });
});
