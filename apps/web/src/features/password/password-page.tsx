import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  canSavePassword,
  confirmationMismatch,
  passwordFieldChanged,
  passwordUpdateRequested,
  selectPasswordState,
  type PasswordField,
} from './slice';
import './area';
import { PageFrame } from '../../ui/page-frame';

const FIELDS: readonly { field: PasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Senha atual', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'Nova senha', autoComplete: 'new-password' },
  {
    field: 'newPasswordConfirmation',
    label: 'Confirmação da nova senha',
    autoComplete: 'new-password',
  },
];

export function PasswordPage() {
  const dispatch = useAppDispatch();
  const { form, saving, saved } = useAppSelector(selectPasswordState);
  const mismatch = confirmationMismatch(form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSavePassword(form) && !saving) dispatch(passwordUpdateRequested(form));
  };

  return (
    <PageFrame title="Alterar senha">
      <Card className="page-card">
        <Card.Body>
          {saved && (
            <Alert variant="success" role="status">
              Senha alterada com sucesso.
            </Alert>
          )}
          <Form onSubmit={submit} noValidate>
            {FIELDS.map(({ field, label, autoComplete }) => {
              const invalid = field === 'newPasswordConfirmation' && mismatch;
              return (
                <Form.Group className="mb-3" controlId={`password-${field}`} key={field}>
                  <Form.Label>{label}</Form.Label>
                  <Form.Control
                    type="password"
                    autoComplete={autoComplete}
                    value={form[field]}
                    isInvalid={invalid}
                    onChange={(event) =>
                      dispatch(passwordFieldChanged({ field, value: event.target.value }))
                    }
                  />
                  {invalid && (
                    <Form.Control.Feedback type="invalid">
                      A confirmação não confere com a nova senha.
                    </Form.Control.Feedback>
                  )}
                </Form.Group>
              );
            })}
            <Button type="submit" disabled={!canSavePassword(form) || saving}>
              {saving ? 'Processando...' : 'Salvar'}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </PageFrame>
  );
}
