import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { NoticeToast } from './notice-toast';
import { PageFrame } from './page-frame';

/** SPEC.md section 8: the success message of every settings form. */
export const SETTINGS_SAVED = 'Configuração salva!';

interface SettingsFormProps {
  title: string;
  editing: boolean;
  busy: boolean;
  saveDisabled?: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  /** What the view mode shows. */
  view: ReactNode;
  /** The fields of the edit mode. */
  children: ReactNode;
  /** True right after a save: 'Configuração salva!' shows until `onSavedClose`. */
  saved?: boolean;
  onSavedClose?: () => void;
  /** Beside 'Editar' in the view mode, e.g. a button opening what the settings drive. */
  viewActions?: ReactNode;
  /** 2 when the form is one part of a page that has its own title. */
  titleLevel?: 1 | 2;
}

/** SPEC.md's settings forms: view mode with 'Editar', then Salvar/Cancelar, 'Processando' when busy. */
export function SettingsForm(props: SettingsFormProps) {
  const {
    title,
    editing,
    busy,
    saveDisabled = false,
    onEdit,
    onSave,
    onCancel,
    view,
    children,
    saved = false,
    onSavedClose = () => {},
    viewActions,
    titleLevel = 1,
  } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !saveDisabled) onSave();
  };
  const body = (
    <>
      <Card className="page-card">
        <Card.Body>
          {editing ? (
            <Form onSubmit={submit}>
              {children}
              <div className="d-flex gap-2">
                {busy ? (
                  <Button type="button" disabled>
                    Processando
                  </Button>
                ) : (
                  <Button type="submit" disabled={saveDisabled}>
                    Salvar
                  </Button>
                )}
                <Button type="button" variant="outline-secondary" onClick={onCancel}>
                  Cancelar
                </Button>
              </div>
            </Form>
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
