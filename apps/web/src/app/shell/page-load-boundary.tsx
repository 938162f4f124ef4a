import { Component, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PageLoadError } from './lazy-page';

export const PAGE_LOAD_FAILED =
  'Não foi possível carregar esta página. Verifique a conexão com o servidor e clique em Recarregar.';

interface Props {
  children: ReactNode;
  /** Reloads the app (a new version's chunks have new names: only a fresh index.html knows them). */
  onReload?: () => void;
}

interface State {
  error?: unknown;
}

/**
 * Around a lazy page: a chunk that fails to download (weak Wi-Fi, or the server updated since the
 * app opened) shows a pt-BR message with 'Recarregar' instead of a blank screen. Other errors go
 * on to whatever boundary is above. Remount it (a `key` per page) so another page starts clean.
 */
export class PageLoadBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof PageLoadError)) throw error; // not ours: to the boundary above
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <Alert variant="warning" className="mt-4 d-flex align-items-center gap-3">
        <span className="flex-grow-1">{PAGE_LOAD_FAILED}</span>
        <Button variant="primary" onClick={reload}>
          Recarregar
        </Button>
      </Alert>
    );
  }
}
