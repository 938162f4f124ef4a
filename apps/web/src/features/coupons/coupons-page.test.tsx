import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { couponDto, serveCoupons, templateDto } from '../../testing/fake-coupons-server';

const openPage = (page: 'COUPONS' | 'COUPON_CONFIG') =>
  renderPage(page, { permissions: ['Coupons'] });

const rowWith = (text: string) =>
  within(screen.getByRole('table', { name: 'Cupons' }))
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('cell', { name: text }))!;

describe('Cupons', { timeout: 20_000 }, () => {
  it('shows each coupon with its state, and only removes or invalidates', async () => {
    const calls = serveCoupons({
      coupons: [
        couponDto({ id: 1, code: 'AAAABBBBCCCCDDDD' }),
        couponDto({ id: 2, code: 'EEEEFFFFGGGGHHHH', isUsed: true, usedOrderId: 77 }),
        couponDto({ id: 3, code: 'JJJJKKKKMMMMNNNN', expirationDate: '2020-01-01T00:00:00.000Z' }),
        couponDto({ id: 4, code: 'PPPPQQQQRRRRSSSS', isValid: false }),
      ],
    });
    const { user } = await openPage('COUPONS');
    await screen.findByRole('heading', { level: 1, name: 'Cupons' });
    const available = await waitFor(() => rowWith('AAAA-BBBB-CCCC-DDDD'));
    expect(available).toHaveTextContent('Disponível');
    expect(rowWith('EEEE-FFFF-GGGG-HHHH')).toHaveTextContent('Utilizado');
    expect(rowWith('EEEE-FFFF-GGGG-HHHH')).toHaveTextContent('77');
    expect(rowWith('JJJJ-KKKK-MMMM-NNNN')).toHaveTextContent('Expirado');
    expect(rowWith('PPPP-QQQQ-RRRR-SSSS')).toHaveTextContent('Invalidado');
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    // A used coupon stays on record as used: neither invalidated nor removed.
    expect(within(rowWith('EEEE-FFFF-GGGG-HHHH')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(available).getByRole('button', { name: 'Invalidar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Invalidar cupom' });
    await user.click(within(confirm).getByRole('button', { name: 'Invalidar' }));
    await waitFor(() => expect(rowWith('AAAA-BBBB-CCCC-DDDD')).toHaveTextContent('Invalidado'));

    await user.click(
      within(rowWith('PPPP-QQQQ-RRRR-SSSS')).getByRole('button', { name: 'Remover' }),
    );
    const remove = await screen.findByRole('dialog', { name: 'Remover cupom' });
    expect(remove).toHaveTextContent('Deseja remover este cupom?');
    await user.click(within(remove).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByText('PPPP-QQQQ-RRRR-SSSS')).not.toBeInTheDocument());
    expect(calls.invalidated).toEqual([1]);
    expect(calls.removed).toEqual([4]);
  });
});

describe('Configurar cupons automáticos', { timeout: 20_000 }, () => {
  it("shows the settings, edits them with the minimum in reais and says 'Configuração salva!'", async () => {
    const calls = serveCoupons({
      templates: [
        templateDto({ id: 1, name: 'Natal' }),
        templateDto({ id: 2, name: 'Volte sempre' }),
      ],
      config: { enabled: false, templateId: null, minValue: 0 },
    });
    const { user } = await openPage('COUPON_CONFIG');
    await screen.findByRole('heading', { level: 1, name: 'Configurar cupons automáticos' });
    expect(await screen.findByText('Desativados')).toBeInTheDocument();
    expect(screen.getByText('R$ 0,00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(screen.getByLabelText('Gerar cupons automáticos'));
    // On without a template and a minimum: not saved.
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Template'), 'Volte sempre');
    await user.type(screen.getByLabelText('Valor mínimo do pedido'), '15000');
    expect(screen.getByLabelText('Valor mínimo do pedido')).toHaveValue('R$ 150,00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Configuração salva!');
    expect(screen.getByText('Ativados')).toBeInTheDocument();
    expect(screen.getByText('Volte sempre')).toBeInTheDocument();
    expect(screen.getByText('R$ 150,00')).toBeInTheDocument();
    expect(calls.configs).toEqual([{ enabled: true, templateId: 2, minValue: 15000 }]);
  });
});
