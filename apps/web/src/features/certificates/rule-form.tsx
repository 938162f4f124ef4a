import { useCallback } from 'react';
import {
  CERTIFICATE_CRITERIA,
  CERTIFICATE_CRITERION_LABELS,
  CERTIFICATE_HOURS,
  CERTIFICATE_MIN_DAYS,
  CERTIFICATE_RULE_MESSAGES,
  certificateHoursText,
  type CertificateCriterion,
  type CertificateRuleDto,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { textValue, type FieldValue, type FormField, type FormValues } from '../../ui/form-field';
import { SettingsForm } from '../../ui/settings-form';
import {
  ruleEditCancelled,
  ruleEditStarted,
  ruleSavedNoticeClosed,
  ruleSaveRequested,
  selectCertificates,
} from './slice';

/** A whole number in [min, max], or the message. */
const within =
  (range: { min: number; max: number }, message: string) =>
  (value: FieldValue): string | null => {
    const number = Number(textValue(value).trim());
    return textValue(value).trim() !== '' &&
      Number.isInteger(number) &&
      number >= range.min &&
      number <= range.max
      ? null
      : message;
  };

/** 'Mínimo de dias presentes' only when the rule counts days. */
function ruleFields(values: FormValues): FormField[] {
  const fields: FormField[] = [
    {
      name: 'hours',
      label: 'Carga horária (horas)',
      type: 'integer',
      autoFocus: true,
      validate: within(CERTIFICATE_HOURS, CERTIFICATE_RULE_MESSAGES.hours),
    },
    {
      name: 'criterion',
      label: 'Quem recebe',
      type: 'select',
      options: CERTIFICATE_CRITERIA.map((value) => ({
        value,
        label: CERTIFICATE_CRITERION_LABELS[value],
      })),
      validate: (value) =>
        (CERTIFICATE_CRITERIA as readonly FieldValue[]).includes(value)
          ? null
          : CERTIFICATE_RULE_MESSAGES.criterion,
    },
  ];
  if (values.criterion === 'min_days') {
    fields.push({
      name: 'minDays',
      label: 'Mínimo de dias presentes',
      type: 'integer',
      help: 'Conta um dia com pelo menos um registro na Lista de Presença.',
      validate: within(CERTIFICATE_MIN_DAYS, CERTIFICATE_RULE_MESSAGES.minDays),
    });
  }
  return fields;
}

export function criterionText(rule: CertificateRuleDto): string {
  return rule.criterion === 'min_days' && rule.minDays !== null
    ? `Presentes em pelo menos ${rule.minDays} ${rule.minDays === 1 ? 'dia' : 'dias'} do evento`
    : 'Credenciados (pelo menos um registro na Lista de Presença)';
}

/** The event's rule: 'carga horária' and who earns a certificate. */
export function RuleForm({ rule }: { rule: CertificateRuleDto }) {
  const dispatch = useAppDispatch();
  const { editing, busy, saved } = useAppSelector(selectCertificates);
  const closeNotice = useCallback(() => dispatch(ruleSavedNoticeClosed()), [dispatch]);
  return (
    <SettingsForm
      title="Regra do certificado"
      titleLevel={2}
      idPrefix="certificate-rule"
      fields={ruleFields}
      initial={{
        hours: String(rule.hours),
        criterion: rule.criterion,
        minDays: String(rule.minDays ?? 1),
      }}
      editing={editing}
      busy={busy}
      saved={saved}
      onSavedClose={closeNotice}
      onEdit={() => dispatch(ruleEditStarted())}
      onCancel={() => dispatch(ruleEditCancelled())}
      onSave={(values) => {
        const criterion = textValue(values.criterion) as CertificateCriterion;
        dispatch(
          ruleSaveRequested({
            hours: Number(textValue(values.hours)),
            criterion,
            minDays: criterion === 'min_days' ? Number(textValue(values.minDays)) : null,
          }),
        );
      }}
      view={
        <>
          {!rule.saved && (
            <p className="text-body-secondary">
              Este evento ainda não tem regra salva: os valores abaixo são sugestões. Salve a regra
              para emitir certificados.
            </p>
          )}
          <dl className="mb-3">
            <dt>Carga horária</dt>
            <dd>{certificateHoursText(rule.hours)}</dd>
            <dt>Quem recebe</dt>
            <dd>{criterionText(rule)}</dd>
          </dl>
        </>
      }
    />
  );
}
