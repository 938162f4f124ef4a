import { act, render, screen } from '@testing-library/react';
import { Slot, registerSlot, type SlotProps } from './slots';

type ToolbarProps = SlotProps['countriesToolbar'];

function Count({ selectedRows }: ToolbarProps) {
  return <span>{selectedRows.length} selecionados</span>;
}
function Second() {
  return <span>segundo</span>;
}

describe('slots', () => {
  it('shows nothing until a feature fills the slot, then its fills in order, each once', () => {
    const { container } = render(
      <Slot name="countriesToolbar" selected={null} selectedRows={[{ id: 1 }, { id: 2 }]} />,
    );
    expect(container).toBeEmptyDOMElement();

    // A fill whose chunk arrives while the slot is on screen joins it then.
    act(() => {
      registerSlot('countriesToolbar', Count);
      registerSlot('countriesToolbar', Second);
      registerSlot('countriesToolbar', Count);
    });
    expect(container).toHaveTextContent(/^2 selecionadossegundo$/);
    expect(screen.getAllByText('2 selecionados')).toHaveLength(1);
  });

  it('keeps each slot to its own fills', () => {
    const { container } = render(<Slot name="citiesToolbar" selected={null} selectedRows={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
