import type { Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { CPF_LENGTH } from '@balcao/contract';
import { CpfInput } from './cpf-input';
import { QrScanner } from './qr-scanner';

export interface CustomerFinderProps {
  id: string;
  label?: string;
  /** The CPF's digits. */
  value: string;
  onChange: (digits: string) => void;
  /**
   * SPEC.md section 5: called when the CPF reaches 1 digit (reload the list) and 11 digits (reload
   * and select the customer's order), and on Enter with 11 digits.
   */
  onLookup: (digits: string) => void;
  /** A badge QR read by the chosen camera: the customer's participant id. */
  onScan: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The desks' customer finder (cashier, delivery, paid orders): the masked CPF field (Escape
 * clears) and the QR toggle.
 */
export function CustomerFinder(props: CustomerFinderProps) {
  const { id, label = 'CPF do cliente', value, onChange, onLookup, onScan, inputRef } = props;
  const change = (digits: string) => {
    onChange(digits);
    if (digits !== value && (digits.length === 1 || digits.length === CPF_LENGTH)) onLookup(digits);
  };
  return (
    <div className="customer-finder">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <CpfInput
        id={id}
        inputRef={inputRef}
        value={value}
        onChange={change}
        onEnter={(digits) => {
          if (digits.length === CPF_LENGTH) onLookup(digits);
        }}
      />
      <div className="mt-2">
        <QrScanner label="Ler QR Code do crachá" closeOnScan onScan={onScan} />
      </div>
    </div>
  );
}
