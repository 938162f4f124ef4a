import type { Layout, LayoutDocument } from '@balcao/contract';
import { useAppDispatch } from '../../store/hooks';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { layoutDocumentChosen, layoutRestoreRequested } from './slice';

/** What the editor asks: restore the default, leave unsaved work, fit elements to a new page. */
export type Confirming =
  | { kind: 'restore' }
  | { kind: 'document'; document: LayoutDocument }
  | { kind: 'fit'; from: Layout['page'] }
  | null;

interface EditorConfirmsProps {
  confirming: Confirming;
  /** The document's name ('Crachá'). */
  label: string;
  /** The page as it is now (the new size, when fitting). */
  page: Layout['page'];
  onClose(): void;
  /** 'Ajustar': the elements scaled from the page they were placed on. */
  onFit(from: Layout['page']): void;
}

/** The layout editor's questions, each in its dialog. */
export function EditorConfirms({ confirming, label, page, onClose, onFit }: EditorConfirmsProps) {
  const dispatch = useAppDispatch();
  return (
    <>
      <ConfirmDialog
        show={confirming?.kind === 'restore'}
        title="Restaurar padrão"
        text={`O layout de ${label} deste evento volta ao padrão do Balcão. O layout salvo e as alterações não salvas serão perdidos.`}
        confirmLabel="Restaurar"
        onCancel={onClose}
        onConfirm={() => {
          onClose();
          dispatch(layoutRestoreRequested());
        }}
      />
      <ConfirmDialog
        show={confirming?.kind === 'document'}
        title="Descartar alterações?"
        text={`As alterações não salvas do layout de ${label} serão perdidas.`}
        confirmLabel="Descartar"
        onCancel={onClose}
        onConfirm={() => {
          if (confirming?.kind === 'document') dispatch(layoutDocumentChosen(confirming.document));
          onClose();
        }}
      />
      <ConfirmDialog
        show={confirming?.kind === 'fit'}
        title="Ajustar elementos ao novo tamanho?"
        text={`Há elementos fora da página de ${page.widthMm} × ${page.heightMm} mm. Ajustar reduz os elementos na proporção da página e os traz para dentro dela (Desfazer volta atrás).`}
        confirmLabel="Ajustar"
        onCancel={onClose}
        onConfirm={() => {
          if (confirming?.kind === 'fit') onFit(confirming.from);
          onClose();
        }}
      />
    </>
  );
}
