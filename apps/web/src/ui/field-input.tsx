import Form from 'react-bootstrap/Form';
import { CheckboxList } from './checkbox-list';
import type { FieldValue, FormField } from './form-field';
import { maskDateTimeInput, maskMoneyInput } from './input-masks';

interface FieldInputProps {
  field: FormField;
  id: string;
  value: FieldValue;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
}

const BOX_CLASSES = {
  grid: 'editor-checkboxes',
  stacked: '',
  inline: '',
  scroll: 'border rounded p-2 coupon-products',
} as const;

/** The input of one declared field, by its type. */
export function FieldInput({ field, id, value, invalid, onChange }: FieldInputProps) {
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
    autoFocus: field.autoFocus,
    disabled: field.disabled,
    isInvalid: invalid,
  };
  const maskedInput = (
    mask: (typed: string) => string,
    inputMode: 'numeric' | 'decimal',
    placeholder?: string,
  ) => (
    <Form.Control
      {...common}
      inputMode={inputMode}
      placeholder={field.placeholder ?? placeholder}
      maxLength={field.maxLength}
      value={text}
      onChange={(event) => onChange(mask(event.target.value))}
    />
  );
  switch (field.type) {
    case 'boolean':
    case 'switch':
      return (
        <Form.Check
          {...common}
          type={field.type === 'switch' ? 'switch' : 'checkbox'}
          label={field.label}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'readonly':
      return <Form.Control id={id} plaintext readOnly value={text} />;
    case 'select':
      return (
        <Form.Select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">{field.emptyOption ?? 'Selecione'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      );
    case 'multiselect':
      return (
        <Form.Select
          {...common}
          multiple
          value={list}
          onChange={(event) =>
            onChange(Array.from(event.target.selectedOptions, (option) => option.value))
          }
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      );
    case 'checkboxes':
      return (
        <CheckboxList
          id={id}
          options={field.options ?? []}
          chosen={list}
          onChange={onChange}
          empty={field.noOptions ?? 'Nenhuma opção cadastrada.'}
          invalid={invalid}
          inline={field.boxes === 'inline'}
          className={BOX_CLASSES[field.boxes ?? 'grid']}
        />
      );
    case 'file':
      // A file input cannot be given a value: it starts empty, and the draft holds the content.
      return (
        <Form.Control
          {...common}
          type="file"
          accept={field.accept}
          onChange={(event) => {
            const file = (event.target as HTMLInputElement).files?.[0];
            if (!file) onChange('');
            else void file.text().then(onChange, () => onChange(''));
          }}
        />
      );
    case 'datetime':
      return maskedInput(maskDateTimeInput, 'numeric', 'DD/MM/AAAA HH:mm');
    case 'money':
      return maskedInput(maskMoneyInput, 'numeric', 'R$ 0,00');
    case 'integer':
      return maskedInput((typed) => typed.replace(/[^\d-]/g, ''), 'numeric');
    case 'decimal':
      return maskedInput((typed) => typed.replace(/[^\d,.]/g, ''), 'decimal');
    default:
      return (
        <Form.Control
          {...common}
          type={field.type === 'password' ? 'password' : 'text'}
          autoComplete={field.autoComplete ?? (field.type === 'password' ? 'new-password' : 'off')}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
