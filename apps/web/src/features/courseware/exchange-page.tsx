import { useEffect, useRef, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { COURSEWARE_CODE_LENGTH, cpfDigits, parseCoursewareCode } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CpfInput } from '../../ui/cpf-input';
import { LARGE_SCANNER, QrScanner } from '../../ui/qr-scanner';
import { useScanField } from '../../ui/scan-field';
import { DeskOutcomeAlert } from '../../ui/desk-outcome';
import { SelectedEventLine } from '../../ui/selected-event-line';
import { selectSelectedEvent } from '../../app/events/slice';
import {
  currentChanged,
  currentEntered,
  exchangeCleared,
  exchangeCpfChanged,
  exchangeRequested,
  nextChanged,
  nextEntered,
  participantRequested,
  selectExchange,
} from './exchange-slice';
import { COURSEWARE_CODE_PLACEHOLDER } from '../../ui/courseware-display';
import './area';
import { PageFrame } from '../../ui/page-frame';

function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      action();
    }
  };
}

/** 'Troca de Apostila' (ChangeCourseware). */
export function ExchangePage() {
  const dispatch = useAppDispatch();
  const event = useAppSelector(selectSelectedEvent);
  const state = useAppSelector(selectExchange);
  const { participant, focus } = state;
  const refs = {
    cpf: useRef<HTMLInputElement>(null),
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLButtonElement>(null),
  };
  const { cpf: cpfRef, current: currentRef, next: nextRef, confirm: confirmRef } = refs;
  const hasParticipant = participant !== null && Boolean(participant.coursewareId);

  // A scan typed while a button has the focus goes to the field of the step the desk is at.
  useScanField(
    () => (!hasParticipant ? cpfRef : !state.currentConfirmed ? currentRef : nextRef).current,
  );
  useEffect(() => {
    const target = { cpf: cpfRef, current: currentRef, next: nextRef, confirm: confirmRef }[
      focus.target
    ].current;
    target?.focus();
    // A refused code stays selected: the next scan replaces it.
    if (target instanceof HTMLInputElement) target.select();
  }, [focus, cpfRef, currentRef, nextRef, confirmRef]);

  const verify = (digits?: string) => {
    if (!state.busy && (digits ?? state.cpf) !== '')
      dispatch(participantRequested(digits === undefined ? undefined : { cpf: digits }));
  };
  const canConfirm =
    hasParticipant &&
    state.currentConfirmed &&
    parseCoursewareCode(state.next) !== null &&
    !state.busy;

  return (
    <PageFrame title="Troca de Apostila" width="desk">
      <SelectedEventLine name={event?.name ?? null} />
      {event && (
        <Card className="desk-card exchange-card">
          <Card.Body>
            <div role="status" aria-live="polite">
              <DeskOutcomeAlert outcome={state.outcome} />
            </div>
            <Form
              noValidate
              onSubmit={(formEvent) => {
                formEvent.preventDefault();
                if (canConfirm) dispatch(exchangeRequested());
              }}
            >
              <Form.Group className="mb-3">
                <Form.Label htmlFor="exchange-cpf">CPF do participante</Form.Label>
                <div className="d-flex gap-2">
                  <CpfInput
                    id="exchange-cpf"
                    inputRef={cpfRef}
                    value={state.cpf}
                    autoFocus
                    onChange={(digits) => dispatch(exchangeCpfChanged(digits))}
                    onEnter={() => verify()}
                  />
                  <Button
                    type="button"
                    variant="outline-primary"
                    disabled={state.cpf === '' || state.busy}
                    onClick={() => verify()}
                  >
                    Verificar
                  </Button>
                </div>
                <div className="mt-2">
                  <QrScanner
                    {...LARGE_SCANNER}
                    closeOnScan
                    onScan={(text) => verify(cpfDigits(text))}
                  />
                </div>
                {participant && (
                  <div className="form-text" aria-live="polite">
                    Participante: <strong>{participant.name}</strong>
                  </div>
                )}
              </Form.Group>
              <Form.Group className="mb-3">
                <Form.Label htmlFor="exchange-current">Apostila atual</Form.Label>
                <Form.Control
                  id="exchange-current"
                  ref={currentRef}
                  value={state.current}
                  maxLength={COURSEWARE_CODE_LENGTH}
                  placeholder={COURSEWARE_CODE_PLACEHOLDER}
                  autoComplete="off"
                  disabled={!hasParticipant}
                  isValid={state.currentConfirmed}
                  onChange={(changeEvent) => {
                    const value = changeEvent.target.value;
                    dispatch(currentChanged(value));
                    if (value.trim().length === COURSEWARE_CODE_LENGTH)
                      dispatch(currentEntered(value.trim()));
                  }}
                  onKeyDown={onEnter(() => dispatch(currentEntered(undefined)))}
                />
                <div className="mt-2">
                  <QrScanner
                    {...LARGE_SCANNER}
                    closeOnScan
                    label="Ler QR Code da apostila atual"
                    disabled={!hasParticipant}
                    onScan={(text) => dispatch(currentEntered(text))}
                  />
                </div>
              </Form.Group>
              <Form.Group className="mb-3">
                <Form.Label htmlFor="exchange-next">Nova apostila</Form.Label>
                <Form.Control
                  id="exchange-next"
                  ref={nextRef}
                  value={state.next}
                  maxLength={COURSEWARE_CODE_LENGTH}
                  placeholder={COURSEWARE_CODE_PLACEHOLDER}
                  autoComplete="off"
                  disabled={!state.currentConfirmed}
                  onChange={(changeEvent) => dispatch(nextChanged(changeEvent.target.value))}
                  onKeyDown={onEnter(() => dispatch(nextEntered(undefined)))}
                />
                <div className="mt-2">
                  <QrScanner
                    {...LARGE_SCANNER}
                    closeOnScan
                    label="Ler QR Code da nova apostila"
                    disabled={!state.currentConfirmed}
                    onScan={(text) => dispatch(nextEntered(text))}
                  />
                </div>
              </Form.Group>
              <div className="d-flex gap-2">
                <Button ref={confirmRef} type="submit" disabled={!canConfirm}>
                  {state.busy ? 'Processando...' : 'Confirmar'}
                </Button>
                <Button
                  type="button"
                  variant="outline-secondary"
                  onClick={() => dispatch(exchangeCleared())}
                >
                  Cancelar
                </Button>
              </div>
            </Form>
          </Card.Body>
        </Card>
      )}
    </PageFrame>
  );
}
