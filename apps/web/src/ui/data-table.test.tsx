import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { column } from './columns';
import { DataTable, pagingInfo, type TableQuery } from './data-table';

interface Person {
  id: number;
  name: string;
  age: number;
}

const people: Person[] = Array.from({ length: 57 }, (_, i) => ({
  id: i + 1,
  name: `Pessoa ${String(57 - i).padStart(2, '0')}`,
  age: 20 + (i % 30),
}));

const columns = [
  column<Person>({ id: 'name', header: 'Nome', text: (p) => p.name }),
  column<Person>({
    id: 'age',
    header: 'Idade',
    text: (p) => String(p.age),
    sortValue: (p) => p.age,
  }),
];

function firstCells(): string[] {
  const table = screen.getByRole('table', { name: 'Pessoas' });
  const rows = within(table).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function renderTable(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  const user = userEvent.setup();
  render(
    <DataTable<Person>
      label="Pessoas"
      columns={columns}
      data={people}
      getRowId={(p) => String(p.id)}
      {...props}
    />,
  );
  return user;
}

describe('DataTable in client mode', () => {
  it('pages 10 at a time with the pt-BR texts', async () => {
    const user = renderTable();
    expect(screen.getByText('Mostrando 1 até 10 de 57 registros')).toBeInTheDocument();
    expect(firstCells()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByText('Mostrando 11 até 20 de 57 registros')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '6' }));
    expect(screen.getByText('Mostrando 51 até 57 de 57 registros')).toBeInTheDocument();
    expect(firstCells()).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('Mostrando 41 até 50 de 57 registros')).toBeInTheDocument();
  });

  it('offers the page sizes of SPEC.md and starts on the table default', async () => {
    const user = renderTable({ defaultPageSize: 30 });
    const sizes = screen.getByRole('combobox', { name: 'Registros por página' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30', '40', '50', '75', '100']);
    expect(sizes).toHaveValue('30');
    expect(screen.getByText('Mostrando 1 até 30 de 57 registros')).toBeInTheDocument();
    await user.selectOptions(sizes, '100');
    expect(screen.getByText('Mostrando 1 até 57 de 57 registros')).toBeInTheDocument();
  });

  it('sorts by the first column ascending, and toggles on a header click', async () => {
    const user = renderTable();
    expect(firstCells().slice(0, 3)).toEqual(['Pessoa 01', 'Pessoa 02', 'Pessoa 03']);
    const nameHeader = screen.getByRole('columnheader', { name: /Nome/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /Nome/ }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('Pessoa 57');

    await user.click(screen.getByRole('button', { name: /Idade/ }));
    expect(screen.getByRole('columnheader', { name: /Idade/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  });

  it("searches with 'Pesquisar', ignoring accents and case", async () => {
    const user = renderTable({
      data: [...people, { id: 99, name: 'São João', age: 40 }],
    });
    await user.type(screen.getByLabelText('Pesquisar'), 'sao jo');
    expect(firstCells()).toEqual(['São João']);
    expect(
      screen.getByText('Mostrando 1 até 1 de 1 registros (Filtrados de 58 registros)'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Pesquisar'));
    await user.type(screen.getByLabelText('Pesquisar'), 'ninguém');
    expect(screen.getByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.getByText(/^Mostrando 0 até 0 de 0 registros/)).toBeInTheDocument();
  });

  it('selects a row by click for Editar and Remover', async () => {
    const onEdit = vi.fn();
    const onRemove = vi.fn();
    const onCreate = vi.fn();
    const user = renderTable({ onEdit, onRemove, onCreate });
    const edit = screen.getByRole('button', { name: 'Editar' });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remover' })).toBeDisabled();

    await user.click(screen.getByRole('cell', { name: 'Pessoa 03' }));
    expect(screen.getByRole('cell', { name: 'Pessoa 03' }).closest('tr')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(edit);
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pessoa 03' }));
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pessoa 03' }));
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    expect(onCreate).toHaveBeenCalled();

    await user.click(screen.getByRole('cell', { name: 'Pessoa 03' }));
    expect(edit).toBeDisabled();
  });
});

describe('DataTable in server mode', () => {
  it('asks for one page at a time and shows the server counts', async () => {
    const queries: TableQuery[] = [];
    const onQueryChange = (query: TableQuery) => queries.push(query);
    const user = renderTable({
      data: people.slice(0, 10),
      defaultPageSize: 10,
      server: { rowCount: 57, totalCount: 57, onQueryChange },
    });
    expect(queries.at(-1)).toEqual({ start: 0, length: 10, search: '', sort: 'name', dir: 'asc' });
    expect(screen.getByText('Mostrando 1 até 10 de 57 registros')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(queries.at(-1)).toEqual({ start: 10, length: 10, search: '', sort: 'name', dir: 'asc' });
    expect(screen.getByText('Mostrando 11 até 20 de 57 registros')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Idade/ }));
    expect(queries.at(-1)).toEqual({ start: 0, length: 10, search: '', sort: 'age', dir: 'asc' });
    await user.click(screen.getByRole('button', { name: /Idade/ }));
    expect(queries.at(-1)).toMatchObject({ sort: 'age', dir: 'desc' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Registros por página' }), '50');
    expect(queries.at(-1)).toMatchObject({ start: 0, length: 50 });

    await user.type(screen.getByLabelText('Pesquisar'), 'joão');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        start: 0,
        length: 50,
        search: 'joão',
        sort: 'age',
        dir: 'desc',
      }),
    );
    // The search waits for typing to pause: one request, not one per letter.
    expect(queries.filter((q) => q.search !== '')).toHaveLength(1);
  });
});

describe('pagingInfo', () => {
  it('writes the DataTables pt-BR sentence', () => {
    expect(pagingInfo(0, 10, 57, 57)).toBe('Mostrando 1 até 10 de 57 registros');
    expect(pagingInfo(0, 10, 0, 0)).toBe('Mostrando 0 até 0 de 0 registros');
    expect(pagingInfo(1, 100, 1500, 2000)).toBe(
      'Mostrando 101 até 200 de 1.500 registros (Filtrados de 2.000 registros)',
    );
  });
});
