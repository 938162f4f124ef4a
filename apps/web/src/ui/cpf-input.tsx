import type { KeyboardEvent, Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { CPF_DISPLAY_LENGTH, cpfDigits, formatCpf } from '@balcao/contract';

export interface CpfInputProps {
  id?: string;
  /** The CPF's digits (at most 11); shown as 000.000.000-00. */
  value: string;
  onChange: (digits: string) => void;
  /** Enter (a USB barcode scanner types the code, then Enter). */
  onEnter?: (digits: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * The one CPF field of every desk (SPEC.md sections 2 and 9): digits only, masked
 * 000.000.000-00 (14 characters), Escape clears, Enter submits.
 */
export function CpfInput(props: CpfInputProps) {
  const { value, onChange, onEnter, inputRef, placeholder = '000.000.000-00', ...rest } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onChange('');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onEnter?.(cpfDigits(value));
    }
  };
  return (
    <Form.Control
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={CPF_DISPLAY_LENGTH}
      placeholder={placeholder}
      value={formatCpf(value)}
      onChange={(event) => onChange(cpfDigits(event.target.value))}
      onKeyDown={onKeyDown}
    />
  );
}
