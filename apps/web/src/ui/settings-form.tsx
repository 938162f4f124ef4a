import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { FieldsForm, type FieldsFormProps } from './fields-form';
import { NoticeToast } from './notice-toast';
import { PageFrame } from './page-frame';

/** SPEC.md section 8: the success message of every settings form. */
export const SETTINGS_SAVED = 'Configuração salva!';

type EditProps = Pick<
  FieldsFormProps,
  'fields' | 'initial' | 'idPrefix' | 'busy' | 'saveDisabled' | 'notice' | 'onSave' | 'onCancel'
>;

interface SettingsFormProps extends EditProps {
  title: string;
  editing: boolean;
  onEdit: () => void;
  /** What the view mode shows. */
  view: ReactNode;
  /** True right after a save: 'Configuração salva!' shows until `onSavedClose`. */
  saved?: boolean;
  onSavedClose?: () => void;
  /** Beside 'Editar' in the view mode, e.g. a button opening what the settings drive. */
  viewActions?: ReactNode;
  /** 2 when the form is one part of a page that has its own title. */
  titleLevel?: 1 | 2;
}

/**
 * SPEC.md's settings forms: view mode with 'Editar', then the declared fields with Salvar
 * (disabled until every field passes its check) and Cancelar, 'Processando' when busy.
 */
export function SettingsForm(props: SettingsFormProps) {
  const {
    title,
    editing,
    onEdit,
    view,
    saved = false,
    onSavedClose = () => {},
    viewActions,
    titleLevel = 1,
    ...form
  } = props;
  const body = (
    <>
      <Card className="page-card">
        <Card.Body>
          {editing ? (
            <FieldsForm layout="card" saveWhenValid {...form} />
          ) : (
            <>
              {view}
              <div className="d-flex gap-2">
                <Button type="button" onClick={onEdit}>
                  Editar
                </Button>
                {viewActions}
              </div>
            </>
          )}
        </Card.Body>
      </Card>
      <NoticeToast text={saved ? SETTINGS_SAVED : null} onClose={onSavedClose} />
    </>
  );
  if (titleLevel === 1) return <PageFrame title={title}>{body}</PageFrame>;
  return (
    <section>
      <h2 className="h5 mb-3">{title}</h2>
      {body}
    </section>
  );
}
