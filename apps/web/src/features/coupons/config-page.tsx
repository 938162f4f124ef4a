import { useCallback } from 'react';
import { formatMoney, parseMoney, type CouponTemplateDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { textValue, type FieldValue, type FormField, type FormValues } from '../../ui/form-field';
import { SettingsForm } from '../../ui/settings-form';
import { CouponEventSelect } from './coupon-event-select';
import {
  configEditCancelled,
  configEditStarted,
  configRequested,
  configSaveRequested,
  configSavedNoticeClosed,
  selectCoupons,
} from './slice';
import './area';

/** Cents of the minimum typed as money ('R$ 150,00'), 0 when empty. */
const minCents = (value: FieldValue | undefined) => parseMoney(textValue(value)) ?? 0;

/** Automatic coupons need a template and a minimum; turned off, neither is asked. */
const whenEnabled =
  (message: string, missing: (value: FieldValue) => boolean) =>
  (value: FieldValue, values: FormValues) =>
    values.enabled === true && missing(value) ? message : null;

function configFields(templates: readonly CouponTemplateDto[]): FormField[] {
  return [
    { name: 'enabled', label: 'Gerar cupons automáticos', type: 'switch' },
    {
      name: 'template',
      label: 'Template',
      type: 'select',
      emptyOption: 'Nenhum',
      options: templates.map((template) => ({ value: String(template.id), label: template.name })),
      validate: whenEnabled('Escolha o template.', (value) => value === ''),
    },
    {
      name: 'min',
      label: 'Valor mínimo do pedido',
      type: 'money',
      validate: whenEnabled('Informe o valor mínimo do pedido.', (value) => minCents(value) <= 0),
    },
  ];
}

/**
 * 'Configurar cupons automáticos' (Coupons): when on, a paid order whose total reaches the
 * minimum (cents on the wire, reais on screen) gets a coupon of the template with its receipt.
 */
export function CouponConfigPage() {
  const dispatch = useAppDispatch();
  const { config, configForm, templates } = useAppSelector(selectCoupons);
  const templateName = (id: number | null) =>
    templates.find((template) => template.id === id)?.name ?? 'Nenhum';
  const closeNotice = useCallback(() => dispatch(configSavedNoticeClosed()), [dispatch]);
  return (
    <section>
      <SettingsForm
        title="Configurar cupons automáticos"
        editing={configForm.editing}
        busy={configForm.busy}
        saved={configForm.saved}
        onSavedClose={closeNotice}
        idPrefix="coupon-config"
        fields={configFields(templates)}
        initial={{
          enabled: config.enabled,
          template: config.templateId === null ? '' : String(config.templateId),
          min: config.minValue > 0 ? formatMoney(config.minValue) : '',
        }}
        onEdit={() => dispatch(configEditStarted())}
        onSave={(values) =>
          dispatch(
            configSaveRequested({
              enabled: values.enabled === true,
              templateId: values.template ? Number(values.template) : null,
              minValue: minCents(values.min),
            }),
          )
        }
        onCancel={() => dispatch(configEditCancelled())}
        view={
          <>
            <CouponEventSelect
              id="coupon-config-event"
              onChosen={() => dispatch(configRequested())}
            />
            <dl className="mb-3">
              <dt>Cupons automáticos</dt>
              <dd>{config.enabled ? 'Ativados' : 'Desativados'}</dd>
              <dt>Template</dt>
              <dd>{templateName(config.templateId)}</dd>
              <dt>Valor mínimo do pedido</dt>
              <dd>{formatMoney(config.minValue)}</dd>
            </dl>
          </>
        }
      />
    </section>
  );
}
