import { useEffect } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';

/**
 * A short confirmation in the corner ('Registro salvo.') that closes itself. A polite status,
 * not react-bootstrap's Toast, whose role is always 'alert': nothing went wrong here.
 */
export function NoticeToast({ text, onClose }: { text: string | null; onClose: () => void }) {
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(onClose, 3000);
    return () => clearTimeout(timer);
  }, [text, onClose]);
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3" role="status">
      {text !== null && (
        <div className="toast show align-items-center text-bg-success border-0">
          <div className="d-flex">
            <div className="toast-body">{text}</div>
            <CloseButton
              variant="white"
              className="me-2 m-auto"
              aria-label="Fechar"
              onClick={onClose}
            />
          </div>
        </div>
      )}
    </div>
  );
}
