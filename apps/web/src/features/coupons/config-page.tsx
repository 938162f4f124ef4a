import { useCallback, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { COUPON_CONFIG_SAVED, formatMoney, parseMoney } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { maskMoneyInput } from '../../ui/editor-modal';
import { SettingsForm } from '../../ui/settings-form';
import { CouponEventSelect } from './coupon-event-select';
import {
  configDraftChanged,
  configEditCancelled,
  configEditStarted,
  configRequested,
  configSaveRequested,
  couponToastDismissed,
  selectCoupons,
} from './slice';
import './area';

/** The minimum typed as money: digits fill the cents from the right. */
function MinValueInput() {
  const dispatch = useAppDispatch();
  const { configDraft } = useAppSelector(selectCoupons);
  const [text, setText] = useState(() =>
    configDraft.minValue > 0 ? formatMoney(configDraft.minValue) : '',
  );
  return (
    <Form.Control
      inputMode="numeric"
      placeholder="R$ 0,00"
      value={text}
      onChange={(event) => {
        const masked = maskMoneyInput(event.target.value);
        setText(masked);
        dispatch(configDraftChanged({ minValue: parseMoney(masked) ?? 0 }));
      }}
    />
  );
}

/**
 * 'Configurar cupons automáticos' (Coupons): when on, a paid order whose total reaches the
 * minimum (cents on the wire, reais on screen) gets a coupon of the template with its receipt.
 */
export function CouponConfigPage() {
  const dispatch = useAppDispatch();
  const { config, configDraft, configEditing, configBusy, templates, toast } =
    useAppSelector(selectCoupons);
  const templateName = (id: number | null) =>
    templates.find((template) => template.id === id)?.name ?? 'Nenhum';
  const incomplete =
    configDraft.enabled && (configDraft.templateId === null || configDraft.minValue <= 0);
  const closeToast = useCallback(() => dispatch(couponToastDismissed()), [dispatch]);
  return (
    <section>
      <SettingsForm
        title="Configurar cupons automáticos"
        editing={configEditing}
        busy={configBusy}
        saved={toast === COUPON_CONFIG_SAVED}
        onSavedClose={closeToast}
        saveDisabled={incomplete}
        onEdit={() => dispatch(configEditStarted())}
        onSave={() => dispatch(configSaveRequested())}
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
      >
        <Form.Check
          className="mb-3"
          type="switch"
          id="coupon-config-enabled"
          label="Gerar cupons automáticos"
          checked={configDraft.enabled}
          onChange={(event) => dispatch(configDraftChanged({ enabled: event.target.checked }))}
        />
        <Form.Group className="mb-3" controlId="coupon-config-template">
          <Form.Label>Template</Form.Label>
          <Form.Select
            value={configDraft.templateId === null ? '' : String(configDraft.templateId)}
            onChange={(event) =>
              dispatch(
                configDraftChanged({
                  templateId: event.target.value === '' ? null : Number(event.target.value),
                }),
              )
            }
          >
            <option value="">Nenhum</option>
            {templates.map((template) => (
              <option key={template.id} value={String(template.id)}>
                {template.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="coupon-config-min">
          <Form.Label>Valor mínimo do pedido</Form.Label>
          <MinValueInput />
        </Form.Group>
      </SettingsForm>
    </section>
  );
}
