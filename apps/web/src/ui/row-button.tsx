import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

/** A small button inside a table row; clicking it acts without also selecting the row. */
export function RowButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline-primary"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </Button>
  );
}
