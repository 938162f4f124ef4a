import Spinner from 'react-bootstrap/Spinner';

/** SPEC.md's transient LOADING page. */
export function LoadingPage() {
  return (
    <div className="loading-page" role="status">
      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      Carregando...
    </div>
  );
}
