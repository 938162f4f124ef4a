import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { required, textValue, type FormField } from '../../../ui/form-field';
import { SettingsForm } from '../../../ui/settings-form';
import {
  pixEditCancelled,
  pixEditStarted,
  pixSaveRequested,
  pixSavedNoticeClosed,
  selectPixConfig,
  type PixConfig,
} from '../pix-config-slice';

/** The BR Code's limits (docs/orders-api.md): the server says which one failed. */
const FIELDS: (FormField & { name: keyof PixConfig })[] = [
  {
    name: 'chave',
    label: 'Chave PIX',
    type: 'text',
    maxLength: 77,
    autoFocus: true,
    validate: required('Informe a chave PIX.'),
  },
  {
    name: 'nome',
    label: 'Nome do recebedor',
    type: 'text',
    maxLength: 25,
    validate: required('Informe o nome do recebedor.'),
  },
  {
    name: 'cidade',
    label: 'Cidade do recebedor',
    type: 'text',
    maxLength: 15,
    validate: required('Informe a cidade do recebedor.'),
  },
];

/** 'Configuração PIX' (System): the key, name and city the cashier's BR Codes carry. */
export function PixConfigForm() {
  const dispatch = useAppDispatch();
  const { config, editing, busy, saved } = useAppSelector(selectPixConfig);
  const closeNotice = useCallback(() => dispatch(pixSavedNoticeClosed()), [dispatch]);
  return (
    <SettingsForm
      title="Configuração PIX"
      titleLevel={2}
      editing={editing}
      busy={busy}
      saved={saved}
      onSavedClose={closeNotice}
      idPrefix="pix"
      fields={FIELDS}
      initial={{ chave: config.chave, nome: config.nome, cidade: config.cidade }}
      onEdit={() => dispatch(pixEditStarted())}
      onSave={(values) =>
        dispatch(
          pixSaveRequested({
            chave: textValue(values.chave).trim(),
            nome: textValue(values.nome).trim(),
            cidade: textValue(values.cidade).trim(),
          }),
        )
      }
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
    />
  );
}
