import Alert from 'react-bootstrap/Alert';

/**
 * A desk's message in place ('Erro' 'Produto não encontrado: XYZ', 'Sucesso!'): unlike a dialog it
 * takes no focus, so the next scan still lands in the scan field.
 */
export function NoticePanel({ notice }: { notice: { title: string; text: string } | null }) {
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <Alert
          variant={notice.title.startsWith('Sucesso') ? 'success' : 'danger'}
          className="mt-2 mb-0 fw-semibold"
        >
          {notice.text}
        </Alert>
      )}
    </div>
  );
}
