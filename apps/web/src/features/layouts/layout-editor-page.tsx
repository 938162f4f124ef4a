import { useCallback } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { NoticeToast } from '../../ui/notice-toast';
import { PageFrame } from '../../ui/page-frame';
import { LayoutEditor } from './layout-editor';
import { layoutToastDismissed, selectLayouts } from './slice';
import './area';

/**
 * 'Layouts de impressão' (System): the selected event's crachá, selo and cupom, edited on a live
 * preview drawn by the same engine as the printed PDFs.
 */
export function LayoutEditorPage() {
  const dispatch = useAppDispatch();
  const { noEvent, revision, toast } = useAppSelector(selectLayouts);
  const closeToast = useCallback(() => dispatch(layoutToastDismissed()), [dispatch]);
  return (
    <PageFrame title="Layouts de impressão">
      {noEvent !== null ? (
        <Alert variant="warning">
          {noEvent} Selecione um evento no topo da página para editar os layouts dele.
        </Alert>
      ) : (
        // Each layout the server sends (a load, 'Restaurar padrão') starts a fresh editor.
        <LayoutEditor key={revision} />
      )}
      <NoticeToast text={toast} onClose={closeToast} />
    </PageFrame>
  );
}
