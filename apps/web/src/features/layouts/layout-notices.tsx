import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { layoutImageErrorDismissed, selectLayouts } from './slice';

interface NoticeListProps {
  variant: 'danger' | 'warning';
  title: ReactNode;
  items: readonly string[];
  onClose?: () => void;
}

/** One alert of the editor: a bold title over the list of what it is about. */
function NoticeList({ variant, title, items, onClose }: NoticeListProps) {
  if (items.length === 0) return null;
  return (
    <Alert variant={variant} dismissible={onClose !== undefined} onClose={onClose}>
      <p className="fw-semibold mb-1">{title}</p>
      <ul className="mb-0">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Alert>
  );
}

interface LayoutNoticesProps {
  /** The layout's problems once Salvar was pressed, and the server's refusal. */
  problems: readonly string[];
  missingImages: readonly string[];
  unprintable: readonly string[];
  importProblems: readonly string[] | null;
  onImportProblemsClosed(): void;
}

/** What the editor says above the preview: problems, a refused image, warnings, a bad import. */
export function LayoutNotices(props: LayoutNoticesProps) {
  const dispatch = useAppDispatch();
  const { imageError } = useAppSelector(selectLayouts);
  return (
    <>
      <NoticeList variant="danger" title="O layout tem problemas:" items={props.problems} />
      {imageError && (
        <Alert variant="danger" dismissible onClose={() => dispatch(layoutImageErrorDismissed())}>
          <span className="fw-semibold">Imagem não enviada.</span> {imageError}
        </Alert>
      )}
      <NoticeList variant="warning" title="Imagens a enviar de novo:" items={props.missingImages} />
      <NoticeList
        variant="warning"
        title="Caracteres que a fonte não tem:"
        items={props.unprintable}
      />
      <NoticeList
        variant="danger"
        title="Não foi possível importar o arquivo:"
        items={props.importProblems ?? []}
        onClose={props.onImportProblemsClosed}
      />
    </>
  );
}
