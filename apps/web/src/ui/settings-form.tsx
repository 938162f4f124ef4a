import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';

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
  } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !saveDisabled) onSave();
  };
  return (
    <section>
      <h1 className="h3 mb-4">{title}</h1>
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
              <Button type="button" onClick={onEdit}>
                Editar
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
