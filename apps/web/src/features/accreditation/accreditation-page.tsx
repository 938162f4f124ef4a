import { Fragment, useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  badgeNameProblem,
  badgePrintProblem,
  badgeRequestsText,
  COURSEWARE_CODE_LENGTH,
  LAYOUT_FIELDS,
  NOT_REGISTERED_MESSAGE,
  PARTICIPANT_STATUS_LABELS,
  PENDING_MESSAGE,
  cpfDigits,
  passBeingTyped,
  formatCpf,
  type AccreditationStatus,
  type BadgeJobCounts,
  type ParticipantDto,
  unprintableMessage,
  unprintableTexts,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CpfInput } from '../../ui/cpf-input';
import { QrScanner } from '../../ui/qr-scanner';
import { useScanField } from '../../ui/scan-field';
import { selectSelectedEvent } from '../../app/events/slice';
import { COURSEWARE_CODE_PLACEHOLDER } from '../../ui/courseware-display';
import { SilentPrinterWarning } from '../../app/printing/silent-printer-warning';
import { DeskOutcomeAlert } from '../../ui/desk-outcome';
import { SelectedEventLine } from '../../ui/selected-event-line';
import {
  badgePrintRequested,
  checkRequested,
  coursewareCodeChanged,
  cpfChanged,
  linkRequested,
  selectAccreditation,
  usualNameChanged,
} from './slice';
import './area';
import { PageFrame } from '../../ui/page-frame';
import { OfflineDeskNotice, SyncIssues } from './offline-notices';

/** The panel of each status; SPEC.md section 8 gives the first two. */
const PANELS: Record<AccreditationStatus, { variant: string; text: string }> = {
  NOT_REGISTERED: { variant: 'danger', text: NOT_REGISTERED_MESSAGE },
  PENDING: { variant: 'warning', text: PENDING_MESSAGE },
  WITHOUT_COURSEWARE: {
    variant: 'info',
    text: 'Participante sem apostila. Vincule a apostila.',
  },
  WITHOUT_BADGE: { variant: 'primary', text: 'Participante sem crachá. Imprima o crachá.' },
  REGISTERED: { variant: 'success', text: 'Participante credenciado.' },
};

function StatusPanel({ status, cpf }: { status: AccreditationStatus; cpf: string | null }) {
  const panel = PANELS[status];
  return (
    <Alert variant={panel.variant} className="desk-status" data-status={status}>
      {cpf && <div className="small text-body-secondary">CPF {formatCpf(cpf)}</div>}
      <div className="fs-5 fw-semibold">{panel.text}</div>
    </Alert>
  );
}

function ParticipantInfo({
  participant,
  badgeJobs,
}: {
  participant: ParticipantDto;
  badgeJobs: BadgeJobCounts | null;
}) {
  const rows: [string, string][] = [
    ['Nome', participant.name],
    ['CPF', formatCpf(participant.cpf)],
    ['E-mail', participant.email ?? ''],
    ['Pacote', participant.pacote ?? ''],
    ['Núcleo', participant.center?.name ?? ''],
    ['Apostila', participant.coursewareSerial ?? 'Nenhuma'],
    // Asked for, not printed: a badge in a dead agent's queue is 'na fila' (issue #47).
    ['Crachás solicitados', badgeRequestsText(participant.badgePrintCount, badgeJobs ?? undefined)],
  ];
  return (
    <dl className="desk-participant row mb-0" aria-label="Participante">
      <dt className="col-sm-4">Situação</dt>
      <dd className="col-sm-8">
        <Badge bg={participant.status === 'PAYMENT_ERROR' ? 'danger' : 'success'}>
          {PARTICIPANT_STATUS_LABELS[participant.status]}
        </Badge>
      </dd>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="col-sm-4">{term}</dt>
          <dd className="col-sm-8 text-break">{value || '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * 'Credenciamento': a CPF (typed, scanned by a USB reader that types then Enter, or read by the
 * camera) is verified, then the badge printed and the courseware linked, all by keyboard: the
 * cursor moves to the next step of each status.
 */
export function AccreditationPage() {
  const dispatch = useAppDispatch();
  const event = useAppSelector(selectSelectedEvent);
  const desk = useAppSelector(selectAccreditation);
  const { status, participant, focus } = desk;
  const cpfRef = useRef<HTMLInputElement>(null);
  const printRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  const found = participant !== null && status !== null && status !== 'NOT_REGISTERED';
  const nameProblem = badgeNameProblem(desk.usualName);
  // What else the badge shows that its font cannot draw: said before printing, not refused.
  const { fullName, center, event: eventLabel } = LAYOUT_FIELDS.badge;
  const unprintable = found
    ? unprintableTexts(
        { fullName: participant.name, center: participant.center?.name, event: event?.name },
        { fullName, center, event: eventLabel },
      ).map(unprintableMessage)
    : [];
  // The rule the API applies (courseware first where the event links it, printing on...).
  const printProblem = found && event ? badgePrintProblem(participant, event) : null;
  const canPrint = found && printProblem === null && nameProblem === null && !desk.printing;
  const canLink = found && status !== 'PENDING' && !participant.coursewareId;

  // A CPF scanned while 'Imprimir crachá' has the focus goes to the CPF, and its Enter verifies;
  // keys typed while a lookup runs wait for its answer to move the cursor.
  useScanField(() => cpfRef.current, desk.checking || desk.linking || desk.printing);
  useEffect(() => {
    const target =
      focus.target === 'print'
        ? printRef.current && !printRef.current.disabled
          ? printRef.current
          : nameRef.current
        : focus.target === 'link'
          ? (linkRef.current ?? cpfRef.current)
          : cpfRef.current;
    target?.focus();
    // The next scan replaces the CPF or the refused courseware code instead of appending to it.
    if (target && (target === cpfRef.current || target === linkRef.current))
      (target as HTMLInputElement).select();
  }, [focus]);

  const verify = (digits?: string) => {
    if (!event || desk.checking) return;
    if ((digits ?? desk.cpf) === '') return;
    dispatch(checkRequested(digits === undefined ? undefined : { cpf: digits }));
  };
  const onSubmit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    verify();
  };
  const link = (code?: string) => {
    if (!canLink || desk.linking) return;
    const value = (code ?? desk.coursewareCode).trim();
    if (value === '') return;
    dispatch(linkRequested(code === undefined ? undefined : { code: value }));
  };
  const onLinkKey = (keyEvent: KeyboardEvent<HTMLInputElement>) => {
    if (keyEvent.key === 'Enter') {
      keyEvent.preventDefault();
      link();
    } else if (keyEvent.key === 'Escape') {
      dispatch(coursewareCodeChanged(''));
    }
  };
  const print = () => {
    if (canPrint) dispatch(badgePrintRequested());
  };

  return (
    <PageFrame title="Credenciamento" width="desk">
      <SelectedEventLine name={event?.name ?? null} />
      <OfflineDeskNotice />
      <SilentPrinterWarning service="BADGE" />
      {event && (
        <div className="desk-columns">
          <Card className="desk-card">
            <Card.Body>
              <Form onSubmit={onSubmit} noValidate>
                <Form.Label htmlFor="desk-cpf">CPF</Form.Label>
                <div className="d-flex gap-2 align-items-start">
                  <CpfInput
                    id="desk-cpf"
                    inputRef={cpfRef}
                    value={desk.cpf}
                    autoFocus
                    acceptPass
                    onChange={(digits) => dispatch(cpfChanged(digits))}
                    onEnter={() => verify()}
                  />
                  <Button
                    type="submit"
                    className="text-nowrap"
                    disabled={desk.cpf === '' || desk.checking}
                  >
                    {desk.checking ? 'Verificando...' : 'Verificar'}
                  </Button>
                </div>
              </Form>
              <div className="mt-2">
                <QrScanner onScan={(text) => verify(passBeingTyped(text) ?? cpfDigits(text))} />
              </div>
              <div className="mt-3" role="status" aria-live="polite">
                <DeskOutcomeAlert outcome={desk.outcome} />
                {status && <StatusPanel status={status} cpf={desk.checkedCpf} />}
              </div>
            </Card.Body>
          </Card>
          {found && (
            <Card className="desk-card">
              <Card.Body>
                <ParticipantInfo participant={participant} badgeJobs={desk.badgeJobs} />
                <hr />
                <Form.Group controlId="desk-usual-name" className="mb-2">
                  <Form.Label>Nome no crachá</Form.Label>
                  <Form.Control
                    ref={nameRef}
                    value={desk.usualName}
                    disabled={status === 'PENDING'}
                    isInvalid={nameProblem !== null}
                    onChange={(changeEvent) => dispatch(usualNameChanged(changeEvent.target.value))}
                    onKeyDown={(keyEvent) => {
                      if (keyEvent.key === 'Enter') {
                        keyEvent.preventDefault();
                        print();
                      }
                    }}
                  />
                  <Form.Control.Feedback type="invalid">{nameProblem}</Form.Control.Feedback>
                </Form.Group>
                <Button
                  ref={printRef}
                  type="button"
                  variant="success"
                  disabled={!canPrint}
                  onClick={print}
                >
                  {desk.printing ? 'Imprimindo...' : 'Imprimir crachá'}
                </Button>
                {unprintable.length > 0 && (
                  <Alert variant="warning" className="mt-2 mb-0 py-2 small">
                    <p className="fw-semibold mb-1">O crachá não imprime tudo:</p>
                    <ul className="mb-0">
                      {unprintable.map((warning) => (
                        <li key={warning}>{warning}</li>
                      ))}
                    </ul>
                  </Alert>
                )}
                {printProblem && status !== 'PENDING' && (
                  <Form.Text as="p" className="mb-0 mt-1">
                    {printProblem}
                  </Form.Text>
                )}
                {canLink && (
                  <>
                    <hr />
                    <Form.Label htmlFor="desk-courseware">Código da apostila</Form.Label>
                    <div className="d-flex gap-2 align-items-start">
                      <Form.Control
                        id="desk-courseware"
                        ref={linkRef}
                        value={desk.coursewareCode}
                        maxLength={COURSEWARE_CODE_LENGTH}
                        placeholder={COURSEWARE_CODE_PLACEHOLDER}
                        autoComplete="off"
                        onChange={(changeEvent) =>
                          dispatch(coursewareCodeChanged(changeEvent.target.value))
                        }
                        onKeyDown={onLinkKey}
                      />
                      <Button
                        type="button"
                        className="text-nowrap"
                        disabled={desk.coursewareCode.trim() === '' || desk.linking}
                        onClick={() => link()}
                      >
                        {desk.linking ? 'Vinculando...' : 'Vincular apostila'}
                      </Button>
                    </div>
                    <div className="mt-2">
                      <QrScanner label="Ler QR Code da apostila" onScan={(text) => link(text)} />
                    </div>
                  </>
                )}
              </Card.Body>
            </Card>
          )}
        </div>
      )}
      <SyncIssues />
    </PageFrame>
  );
}
