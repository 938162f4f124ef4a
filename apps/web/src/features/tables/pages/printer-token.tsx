import { useState } from 'react';
import type { TableRow } from '../../../app/tables/slice';
import { RowButton } from '../../../ui/row-button';

/**
 * 'Copiar token' of a printer's row: the print agent's `apiToken`, which the server sends only to
 * whom may change printers (every other row has none, and shows nothing here).
 */
export function PrinterTokenCell({ row }: { row: TableRow }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const token = typeof row.apiToken === 'string' ? row.apiToken : '';
  if (!token) return null;
  const copy = () =>
    void navigator.clipboard.writeText(token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <RowButton onClick={copy}>Copiar token</RowButton>
      <span role="status" className="small text-body-secondary">
        {copied === true ? 'Token copiado.' : copied === false ? token : ''}
      </span>
    </span>
  );
}
