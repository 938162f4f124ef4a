import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorModal, type EditorField, type EditorModalProps } from './editor-modal';
import { required } from './form-field';
import { maskDateTimeInput, maskMoneyInput } from './input-masks';

interface Product {
  id: number;
  name: string;
  price: number;
  category: { id: number; name: string } | null;
  tags: { id: number; name: string }[];
  active: boolean;
  inicio: string;
}

const fields: EditorField<Product>[] = [
  { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
  { name: 'price', label: 'Preço', type: 'money', validate: required('Informe o preço.') },
  {
    name: 'category',
    label: 'Categoria',
    type: 'select',
    reference: true,
    options: [
      { value: '1', label: 'Livros' },
      { value: '2', label: 'Camisetas' },
    ],
    validate: required('Escolha a categoria.'),
  },
  {
    name: 'tags',
    label: 'Marcadores',
    type: 'checkboxes',
    options: [
      { value: '7', label: 'Novo' },
      { value: '8', label: 'Promoção' },
    ],
  },
  { name: 'active', label: 'Ativo', type: 'boolean', defaultValue: true },
  { name: 'inicio', label: 'Início', type: 'datetime' },
  { name: 'stock', label: 'Estoque inicial', type: 'integer', modes: ['create'] },
  { name: 'inventory', label: 'Estoque', type: 'readonly', modes: ['edit'] },
];

const product: Product = {
  id: 5,
  name: 'Camiseta',
  price: 1234.5,
  category: { id: 2, name: 'Camisetas' },
  tags: [{ id: 8, name: 'Promoção' }],
  active: false,
  inicio: '10/11/2025 08:00',
};

function renderEditor(props: Partial<EditorModalProps<Product>> = {}) {
  const handlers = { onSave: vi.fn(), onRemove: vi.fn(), onCancel: vi.fn() };
  const user = userEvent.setup();
  const result = render(
    <EditorModal<Product>
      mode="create"
      row={null}
      itemName="produto"
      fields={fields}
      busy={false}
      error={null}
      fieldErrors={{}}
      {...handlers}
      {...props}
    />,
  );
  return { user, ...handlers, ...result };
}

describe('EditorModal', () => {
  it('collects the messages of every failing field and does not save', async () => {
    const { user, onSave } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Informe o nome.');
    expect(alert).toHaveTextContent('Informe o preço.');
    expect(alert).toHaveTextContent('Escolha a categoria.');
    expect(screen.getByLabelText('Nome')).toHaveClass('is-invalid');
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Informe o nome.');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Nome'), 'Caneca');
    expect(screen.getByLabelText('Nome')).not.toHaveClass('is-invalid');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Informe o nome.');
  });

  it('posts the protocol shapes: money, references, lists, booleans, dates', async () => {
    const { user, onSave } = renderEditor();
    await user.type(screen.getByLabelText('Nome'), ' Caneca ');
    await user.type(screen.getByLabelText('Preço'), '1990');
    expect(screen.getByLabelText('Preço')).toHaveValue('R$ 19,90');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Livros');
    await user.click(screen.getByLabelText('Novo'));
    await user.click(screen.getByLabelText('Promoção'));
    await user.click(screen.getByLabelText('Ativo'));
    await user.type(screen.getByLabelText('Início'), '011220251930');
    expect(screen.getByLabelText('Início')).toHaveValue('01/12/2025 19:30');
    await user.type(screen.getByLabelText('Estoque inicial'), '12');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(onSave).toHaveBeenCalledWith(
      {
        name: 'Caneca',
        price: '19.90',
        category: { id: '1' },
        tags: [{ id: '7' }, { id: '8' }],
        active: 'false',
        inicio: '01/12/2025 19:30',
        stock: '12',
      },
      'create',
    );
  });

  it('edits a row: its values, edit-only fields, and no create-only ones', async () => {
    const { user, onSave } = renderEditor({ mode: 'edit', row: { ...product } });
    expect(screen.getByRole('dialog', { name: 'Editar registro' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Camiseta');
    expect(screen.getByLabelText('Preço')).toHaveValue('R$ 1.234,50');
    expect(screen.getByLabelText('Categoria')).toHaveValue('2');
    expect(screen.getByLabelText('Promoção')).toBeChecked();
    expect(screen.getByLabelText('Ativo')).not.toBeChecked();
    expect(screen.queryByLabelText('Estoque inicial')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Estoque')).toHaveAttribute('readonly');

    await user.click(screen.getByLabelText('Promoção'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ price: '1234.50', tags: [], category: { id: '2' } }),
      'edit',
    );
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty('inventory');
  });

  it('checks typed values: a date-time must be real', async () => {
    const { user, onSave } = renderEditor({ mode: 'edit', row: { ...product } });
    await user.clear(screen.getByLabelText('Início'));
    await user.type(screen.getByLabelText('Início'), '311320251930');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Início: use o formato DD/MM/AAAA HH:mm.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's fieldErrors beside their fields", () => {
    renderEditor({
      mode: 'edit',
      row: { ...product },
      fieldErrors: { name: 'Já existe um produto com este nome.' },
    });
    const name = screen.getByLabelText('Nome');
    expect(name).toHaveClass('is-invalid');
    expect(name).toHaveAccessibleDescription('Já existe um produto com este nome.');
    expect(name.parentElement?.querySelector('.invalid-feedback')).toHaveTextContent(
      'Já existe um produto com este nome.',
    );
  });

  it("shows 'Processando' disabled while busy, and the editor's error", () => {
    renderEditor({ busy: true });
    expect(screen.getByRole('button', { name: 'Processando' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it("asks 'Deseja remover este {item}?' before removing", async () => {
    const { user, onRemove, onCancel, rerender } = renderEditor({
      mode: 'remove',
      row: product,
      itemName: 'produto',
    });
    const dialog = screen.getByRole('dialog', { name: 'Remover registro' });
    expect(within(dialog).getByText('Deseja remover este produto?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(onRemove).toHaveBeenCalled();

    rerender(
      <EditorModal<Product>
        mode="remove"
        row={product}
        itemName="produto"
        fields={fields}
        busy={false}
        error="Este produto tem vendas e não pode ser removido."
        fieldErrors={{}}
        onSave={vi.fn()}
        onRemove={onRemove}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Este produto tem vendas e não pode ser removido.',
    );
  });
});

describe('maskMoneyInput', () => {
  it("fills cents from the right with 'R$ ' and a decimal comma", () => {
    expect(maskMoneyInput('1')).toBe('R$ 0,01');
    expect(maskMoneyInput('R$ 0,012')).toBe('R$ 0,12');
    expect(maskMoneyInput('123456')).toBe('R$ 1.234,56');
    expect(maskMoneyInput('R$ ')).toBe('');
  });
});

describe('maskDateTimeInput', () => {
  it("formats digits as 'DD/MM/AAAA HH:mm' as they are typed", () => {
    expect(maskDateTimeInput('1')).toBe('1');
    expect(maskDateTimeInput('101')).toBe('10/1');
    expect(maskDateTimeInput('10/')).toBe('10');
    expect(maskDateTimeInput('101120260800')).toBe('10/11/2026 08:00');
    expect(maskDateTimeInput('10/11/2026 08:009')).toBe('10/11/2026 08:00');
  });
});
