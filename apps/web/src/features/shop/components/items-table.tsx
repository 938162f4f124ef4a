import Table from 'react-bootstrap/Table';
import { formatMoney, toCents, type OrderItemDto } from '@balcao/contract';

/** A closed order's items, read-only (delivery and paid orders): Nome, Valor, Qtd. */
export function ItemsTable({ items, label }: { items: readonly OrderItemDto[]; label: string }) {
  return (
    <Table size="sm" aria-label={label}>
      <thead>
        <tr>
          <th>Nome</th>
          <th className="text-end">Valor</th>
          <th className="text-end">Qtd</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id_produto}>
            <td>{item.descricao}</td>
            <td className="text-end">{formatMoney(toCents(item.total))}</td>
            <td className="text-end">{item.quantidade}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
