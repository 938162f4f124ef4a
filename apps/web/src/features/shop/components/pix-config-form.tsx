import { useCallback } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { SettingsForm } from '../../../ui/settings-form';
import {
  pixDraftChanged,
  pixEditCancelled,
  pixEditStarted,
  pixSaveRequested,
  pixSavedNoticeClosed,
  selectPixConfig,
  type PixConfig,
} from '../pix-config-slice';

/** The BR Code's limits (docs/orders-api.md): the server says which one failed. */
const FIELDS: { name: keyof PixConfig; label: string; maxLength: number }[] = [
  { name: 'chave', label: 'Chave PIX', maxLength: 77 },
  { name: 'nome', label: 'Nome do recebedor', maxLength: 25 },
  { name: 'cidade', label: 'Cidade do recebedor', maxLength: 15 },
];

/** 'Configuração PIX' (System): the key, name and city the cashier's BR Codes carry. */
export function PixConfigForm() {
  const dispatch = useAppDispatch();
  const { config, draft, editing, busy, saved } = useAppSelector(selectPixConfig);
  const closeNotice = useCallback(() => dispatch(pixSavedNoticeClosed()), [dispatch]);
  return (
    <SettingsForm
      title="Configuração PIX"
      titleLevel={2}
      editing={editing}
      busy={busy}
      saved={saved}
      onSavedClose={closeNotice}
      saveDisabled={FIELDS.some((field) => draft[field.name].trim() === '')}
      onEdit={() => dispatch(pixEditStarted())}
      onSave={() => dispatch(pixSaveRequested())}
      onCancel={() => dispatch(pixEditCancelled())}
      view={
        <dl className="mb-3">
          {FIELDS.map((field) => (
            <div key={field.name}>
              <dt>{field.label}</dt>
              <dd>{config[field.name] || 'não configurado'}</dd>
            </div>
          ))}
        </dl>
      }
    >
      {FIELDS.map((field, i) => (
        <Form.Group key={field.name} className="mb-3" controlId={`pix-${field.name}`}>
          <Form.Label>{field.label}</Form.Label>
          <Form.Control
            autoFocus={i === 0}
            maxLength={field.maxLength}
            value={draft[field.name]}
            onChange={(event) => dispatch(pixDraftChanged({ [field.name]: event.target.value }))}
          />
        </Form.Group>
      ))}
    </SettingsForm>
  );
}
