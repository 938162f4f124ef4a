import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { PasswordUpdateRequest } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { FieldsForm } from '../../ui/fields-form';
import { required, textValue, type FormField } from '../../ui/form-field';
import { PageFrame } from '../../ui/page-frame';
import { passwordUpdateRequested, selectPasswordState } from './slice';
import './area';

/** SPEC.md section 5: current and new non-empty, and the confirmation equal to the new one. */
const FIELDS: readonly FormField[] = [
  {
    name: 'currentPassword',
    label: 'Senha atual',
    type: 'password',
    autoComplete: 'current-password',
    validate: required('Informe a senha atual.'),
  },
  {
    name: 'newPassword',
    label: 'Nova senha',
    type: 'password',
    autoComplete: 'new-password',
    validate: required('Informe a nova senha.'),
  },
  {
    name: 'newPasswordConfirmation',
    label: 'Confirmação da nova senha',
    type: 'password',
    autoComplete: 'new-password',
    markInvalid: true,
    validate: (value, values) =>
      value === values.newPassword
        ? null
        : value === ''
          ? 'Confirme a nova senha.'
          : 'A confirmação não confere com a nova senha.',
  },
];

export function PasswordPage() {
  const dispatch = useAppDispatch();
  const { saving, saved, saves } = useAppSelector(selectPasswordState);
  return (
    <PageFrame title="Alterar senha">
      <Card className="page-card">
        <Card.Body>
          {saved && (
            <Alert variant="success" role="status">
              Senha alterada com sucesso.
            </Alert>
          )}
          {/* A new form after each change: the fields start empty again. */}
          <FieldsForm
            key={saves}
            fields={FIELDS}
            initial={{ currentPassword: '', newPassword: '', newPasswordConfirmation: '' }}
            idPrefix="password"
            layout="card"
            saveWhenValid
            busy={saving}
            onSave={(values) => {
              const request: PasswordUpdateRequest = {
                currentPassword: textValue(values.currentPassword),
                newPassword: textValue(values.newPassword),
                newPasswordConfirmation: textValue(values.newPasswordConfirmation),
              };
              dispatch(passwordUpdateRequested(request));
            }}
          />
        </Card.Body>
      </Card>
    </PageFrame>
  );
}
