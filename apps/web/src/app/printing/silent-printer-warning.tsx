import Alert from 'react-bootstrap/Alert';
import { silentPrinterText, type PrintService } from '@balcao/contract';
import { useAppSelector } from '../../store/hooks';
import { selectSilentPrinters } from './slice';
import type { WithSlice } from '@reduxjs/toolkit';
import type { printingSlice } from './slice';

/**
 * A mapped printer whose agent stopped asking for work (GET /api/prints/status): what is sent to
 * it waits in the queue, so the shell says so, and a desk says so for the printer it prints on.
 */
export function SilentPrinterWarning({
  service,
  className,
}: {
  service?: PrintService;
  className?: string;
}) {
  const silent = useAppSelector((state: WithSlice<typeof printingSlice>) =>
    selectSilentPrinters(state, service),
  );
  if (silent.length === 0) return null;
  return (
    <Alert variant="warning" className={className} role="alert">
      {silent.map((printer) => (
        <div key={printer.name}>{silentPrinterText(printer.name)}</div>
      ))}
    </Alert>
  );
}
