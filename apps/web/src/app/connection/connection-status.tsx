import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useAppSelector } from '../../store/hooks';
import { selectConnection } from './slice';
import { selectUpdateReady } from '../updates/slice';
import { formatTime } from '../../ui/formats';

/** How long 'Sincronizado' stays after the queue empties. */
const SYNCED_SHOWN_MS = 10_000;

const queuedText = (queued: number) => (queued === 1 ? '1 na fila' : `${queued} na fila`);

/**
 * The top bar's word on the server and the offline desk's data: 'Sem conexão · 7 na fila',
 * 'Sincronizando…', 'Sincronizado', 'Dados de 14:32'; and a new version waiting to take over.
 */
export function ConnectionStatus() {
  const { online, desk, queued, readAt, syncing, syncedAt } = useAppSelector(selectConnection);
  const updateReady = useAppSelector(selectUpdateReady);
  // The sync whose 'Sincronizado' has been shown long enough.
  const [faded, setFaded] = useState<string | null>(null);
  const justSynced = syncedAt !== null && faded !== syncedAt;
  useEffect(() => {
    if (!syncedAt) return;
    const timer = setTimeout(() => setFaded(syncedAt), SYNCED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [syncedAt]);

  let text: string | null = null;
  let variant = 'secondary';
  if (!online) {
    text = desk ? `Sem conexão · ${queuedText(queued)}` : 'Sem conexão';
    variant = 'danger';
  } else if (desk && syncing && queued > 0) {
    text = 'Sincronizando…';
    variant = 'warning';
  } else if (desk && queued > 0) {
    text = queuedText(queued);
    variant = 'warning';
  } else if (justSynced) {
    text = 'Sincronizado';
    variant = 'success';
  } else if (desk && readAt) {
    text = `Dados de ${formatTime(readAt)}`;
  }
  return (
    <span className="app-connection d-flex gap-2 align-items-center" aria-live="polite">
      {text && (
        <Badge bg={variant} className="text-nowrap" data-connection={online ? 'online' : 'offline'}>
          {text}
        </Badge>
      )}
      {updateReady && (
        <Badge bg="info" className="text-nowrap">
          Nova versão: atualiza entre atendimentos
        </Badge>
      )}
    </span>
  );
}
