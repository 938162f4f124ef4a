import { useEffect, useRef, type KeyboardEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { COURSEWARE_CODE_LENGTH, formatCpf, type CoursewareDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { QrScanner } from '../../ui/qr-scanner';
import { useScanField } from '../../ui/scan-field';
import { formatDateTime } from '../../ui/formats';
import { DeskOutcomeAlert } from '../../ui/desk-outcome';
import {
  COURSEWARE_CODE_PLACEHOLDER,
  coursewareStatusLabel,
  displaySerial,
} from '../../ui/courseware-display';
import {
  returnCodeChanged,
  returnLookupRequested,
  returnRequested,
  selectCourseware,
} from './slice';
import './area';
import { PageFrame } from '../../ui/page-frame';

function CoursewareCard({ courseware }: { courseware: CoursewareDto }) {
  const rows: [string, string][] = [
    ['Série', displaySerial(courseware)],
    ['Curso', courseware.course.name],
    ['Núcleo', courseware.center.name],
    [
      'Participante',
      courseware.subscription
        ? `${courseware.subscription.name} (${formatCpf(courseware.subscription.cpf)})`
        : '—',
    ],
    ['Impressões', String(courseware.prints)],
    ['Atualizada em', formatDateTime(courseware.dateUpdated)],
  ];
  return (
    <dl className="row mb-0" aria-label="Apostila">
      <dt className="col-sm-4">Situação</dt>
      <dd className="col-sm-8">
        <Badge bg={courseware.status === 'PRINTED' ? 'primary' : 'secondary'}>
          {coursewareStatusLabel(courseware.status)}
        </Badge>
      </dd>
      {rows.map(([term, value]) => [
        <dt key={`${term}-t`} className="col-sm-4">
          {term}
        </dt>,
        <dd key={`${term}-d`} className="col-sm-8 text-break">
          {value}
        </dd>,
      ])}
    </dl>
  );
}

/**
 * 'Devolução de Apostilas': the lookup fires when the code reaches 36 characters (a QR scan), on
 * Enter (a typed series, '01-001-000005' or '01001000005') or on a camera scan; a printed
 * courseware can then be returned.
 */
export function ReturnPage() {
  const dispatch = useAppDispatch();
  const { code, courseware, looking, returning, outcome } =
    useAppSelector(selectCourseware).returnDesk;
  const codeRef = useRef<HTMLInputElement>(null);
  const returnRef = useRef<HTMLButtonElement>(null);
  const returnable = courseware?.status === 'PRINTED';

  useScanField(() => codeRef.current);
  useEffect(() => {
    if (returnable) returnRef.current?.focus();
    else if (outcome)
      codeRef.current?.select(); // the next scan replaces the refused code
    else codeRef.current?.focus();
  }, [returnable, courseware, outcome]);

  const lookUp = (value: string) => {
    if (value.trim() !== '') dispatch(returnLookupRequested({ code: value.trim() }));
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      lookUp(code);
    } else if (event.key === 'Escape') {
      dispatch(returnCodeChanged(''));
    }
  };

  return (
    <PageFrame title="Devolução de Apostilas" width="desk">
      <Card className="desk-card">
        <Card.Body>
          <Form.Label htmlFor="return-code">Código da apostila</Form.Label>
          <Form.Control
            id="return-code"
            ref={codeRef}
            value={code}
            maxLength={COURSEWARE_CODE_LENGTH}
            placeholder={COURSEWARE_CODE_PLACEHOLDER}
            autoComplete="off"
            autoFocus
            onChange={(event) => {
              const value = event.target.value;
              dispatch(returnCodeChanged(value));
              if (value.trim().length === COURSEWARE_CODE_LENGTH) lookUp(value);
            }}
            onKeyDown={onKey}
          />
          <div className="mt-2">
            <QrScanner onScan={lookUp} />
          </div>
          <div role="status" aria-live="polite" className="mt-3">
            {looking && <span>Procurando...</span>}
            <DeskOutcomeAlert outcome={outcome} />
          </div>
          {courseware && (
            <>
              <CoursewareCard courseware={courseware} />
              {returnable && (
                <Button
                  ref={returnRef}
                  type="button"
                  variant="warning"
                  className="mt-3"
                  disabled={returning}
                  onClick={() => dispatch(returnRequested())}
                >
                  {returning ? 'Devolvendo...' : 'Devolver'}
                </Button>
              )}
            </>
          )}
        </Card.Body>
      </Card>
    </PageFrame>
  );
}
