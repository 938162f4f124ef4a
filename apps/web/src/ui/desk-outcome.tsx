import Alert from 'react-bootstrap/Alert';
import { CPF_INVALID_MESSAGE } from '@balcao/contract';
import type { ApiError } from '../api/api-error';

/**
 * What the last step at a desk came to, shown in the desk's status panel: a refusal the clerk
 * expects (not registered, pending, invalid CPF, courseware taken) must not open a dialog that
 * swallows the next scan.
 */
export interface DeskOutcome {
  variant: 'success' | 'warning' | 'danger';
  text: string;
}

/** The sentence a person reads for a server message ('cpf invalido' is the server's code word). */
export function deskText(description: string): string {
  return description === CPF_INVALID_MESSAGE ? 'CPF inválido' : description;
}

/** A refusal the server explains (4xx): the panel shows it; anything else takes the error dialog. */
export function isExpectedRefusal(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500;
}

export const refusal = (error: ApiError): DeskOutcome => ({
  variant: 'danger',
  text: deskText(error.description),
});

export function DeskOutcomeAlert({ outcome }: { outcome: DeskOutcome | null }) {
  if (!outcome) return null;
  return (
    <Alert variant={outcome.variant} className="desk-outcome fs-5 fw-semibold">
      {outcome.text}
    </Alert>
  );
}
