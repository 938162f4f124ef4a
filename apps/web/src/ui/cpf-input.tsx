import type { KeyboardEvent, Ref } from 'react';
import Form from 'react-bootstrap/Form';
import {
  CPF_DISPLAY_LENGTH,
  PASS_MAX_LENGTH,
  cpfDigits,
  formatCpf,
  passBeingTyped,
} from '@balcao/contract';

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
  /**
   * The field also takes a participant's pass (issue #43): a scanned 'BP1.…' is kept as typed
   * (upper case), and `value`, `onChange` and `onEnter` carry it instead of digits.
   */
  acceptPass?: boolean;
}

/**
 * The one CPF field of every desk (SPEC.md sections 2 and 9): digits only, masked
 * 000.000.000-00 (14 characters), Escape clears, Enter submits.
 */
export function CpfInput(props: CpfInputProps) {
  const {
    value,
    onChange,
    onEnter,
    inputRef,
    acceptPass = false,
    placeholder = '000.000.000-00',
    ...rest
  } = props;
  const pass = acceptPass ? passBeingTyped(value) : null;
  const read = (typed: string) => (acceptPass ? passBeingTyped(typed) : null) ?? cpfDigits(typed);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onChange('');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onEnter?.(pass ?? cpfDigits(value));
    }
  };
  return (
    <Form.Control
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={pass === null ? CPF_DISPLAY_LENGTH : PASS_MAX_LENGTH}
      placeholder={placeholder}
      value={pass ?? formatCpf(value)}
      onChange={(event) => onChange(read(event.target.value))}
      onKeyDown={onKeyDown}
    />
  );
}
