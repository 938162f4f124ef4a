import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import {
  KIOSK_REPRINT_LABELS,
  KIOSK_REPRINT_POLICIES,
  PRINT_JOB_STATUS_LABELS,
  kioskPinProblem,
  type KioskReprintPolicy,
  type KioskRow,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectPermissions } from '../../app/session/slice';
import { FieldsForm } from '../../ui/fields-form';
import { formatDateTime } from '../../ui/formats';
import { NoticeToast } from '../../ui/notice-toast';
import { PageFrame } from '../../ui/page-frame';
import {
  kioskHelpCleared,
  kioskNoticeClosed,
  kioskPauseRequested,
  kioskPinRequested,
  kioskReprintRequested,
  kiosksWatchStarted,
  kiosksWatchStopped,
  policyRequested,
  selectKiosks,
} from './kiosks-slice';
import './kiosk-area';

const when = (value: string | null) => (value ? formatDateTime(value) : 'nunca');

function KioskCard({ kiosk, admin, busy }: { kiosk: KioskRow; admin: boolean; busy: boolean }) {
  const dispatch = useAppDispatch();
  const [pinShown, setPinShown] = useState(false);
  const trouble = kiosk.helpAt !== null || kiosk.printerTrouble !== null || !kiosk.online;
  return (
    <Card className="kiosk-card" border={trouble ? 'danger' : 'success'} as="li">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h5 m-0 me-auto">{kiosk.name}</h2>
        <Badge bg={kiosk.online ? 'success' : 'danger'}>
          {kiosk.online ? 'Online' : 'Offline'}
        </Badge>
        {kiosk.paused && <Badge bg="secondary">Pausado</Badge>}
      </Card.Header>
      <Card.Body>
        {kiosk.helpAt && (
          <Alert variant="danger" className="py-2">
            <strong>Preciso de ajuda</strong> desde {formatDateTime(kiosk.helpAt)}
          </Alert>
        )}
        {kiosk.printerTrouble && (
          <Alert variant="warning" className="py-2">
            {kiosk.printerTrouble}
          </Alert>
        )}
        <dl className="kiosk-facts">
          <dt>Usuário</dt>
          <dd>{kiosk.username}</dd>
          <dt>Último sinal</dt>
          <dd>{when(kiosk.seenAt)}</dd>
          <dt>Última atividade</dt>
          <dd>{when(kiosk.activityAt)}</dd>
          <dt>Última impressão</dt>
          <dd>
            {kiosk.lastPrint
              ? `${kiosk.lastPrint.title} — ${PRINT_JOB_STATUS_LABELS[kiosk.lastPrint.status]} (${formatDateTime(kiosk.lastPrint.at)})`
              : 'nenhuma'}
          </dd>
          <dt>PIN</dt>
          <dd>{kiosk.pinSet ? 'definido' : 'não definido'}</dd>
        </dl>
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap gap-2">
        <Button
          variant={kiosk.paused ? 'success' : 'outline-secondary'}
          disabled={busy}
          onClick={() =>
            dispatch(kioskPauseRequested({ userId: kiosk.userId, paused: !kiosk.paused }))
          }
        >
          {kiosk.paused ? 'Retomar' : 'Pausar'}
        </Button>
        <Button
          variant="outline-primary"
          disabled={busy || kiosk.lastPrint === null}
          onClick={() => dispatch(kioskReprintRequested(kiosk.userId))}
        >
          Reimprimir último crachá
        </Button>
        {kiosk.helpAt && (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => dispatch(kioskHelpCleared(kiosk.userId))}
          >
            Ajuda atendida
          </Button>
        )}
        {admin && (
          <Button variant="outline-secondary" disabled={busy} onClick={() => setPinShown(true)}>
            Definir PIN
          </Button>
        )}
      </Card.Footer>
      <Modal
        show={pinShown}
        onHide={() => setPinShown(false)}
        aria-labelledby={`kiosk-${kiosk.userId}-pin-title`}
        animation={false}
      >
        <Modal.Header closeButton closeLabel="Fechar">
          <Modal.Title id={`kiosk-${kiosk.userId}-pin-title`}>PIN de {kiosk.name}</Modal.Title>
        </Modal.Header>
        <FieldsForm
          layout="modal"
          idPrefix={`kiosk-${kiosk.userId}`}
          fields={[
            {
              name: 'pin',
              label: 'PIN do atendente (4 a 8 dígitos)',
              type: 'password',
              validate: (value) => kioskPinProblem(String(value)),
            },
          ]}
          initial={{ pin: '' }}
          busy={busy}
          onSave={(values) => {
            dispatch(kioskPinRequested({ userId: kiosk.userId, pin: String(values.pin) }));
            setPinShown(false);
          }}
          onCancel={() => setPinShown(false)}
        />
      </Modal>
    </Card>
  );
}

function PolicyForm({
  eventId,
  policy,
  busy,
}: {
  eventId: number;
  policy: KioskReprintPolicy;
  busy: boolean;
}) {
  const dispatch = useAppDispatch();
  return (
    <FieldsForm
      layout="card"
      idPrefix="kiosk-policy"
      fields={[
        {
          name: 'reprint',
          label: 'Participante já credenciado no quiosque',
          type: 'select',
          options: KIOSK_REPRINT_POLICIES.map((value) => ({
            value,
            label: KIOSK_REPRINT_LABELS[value],
          })),
        },
      ]}
      initial={{ reprint: policy }}
      busy={busy}
      onSave={(values) =>
        dispatch(policyRequested({ eventId, reprint: values.reprint as KioskReprintPolicy }))
      }
    />
  );
}

/**
 * 'Quiosques' (issue #43; not in SPEC.md's menu): every kiosk's state at a glance, refreshed
 * every few seconds, and what staff do about it.
 */
export function KiosksPage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectKiosks);
  const event = useAppSelector(selectSelectedEvent);
  const admin = useAppSelector(selectPermissions).includes('System');
  const eventId = event?.id ?? null;
  useEffect(() => {
    dispatch(kiosksWatchStarted({ eventId }));
    return () => {
      dispatch(kiosksWatchStopped());
    };
  }, [dispatch, eventId]);
  return (
    <PageFrame title="Quiosques">
      {event && (
        <p className="desk-event">
          Evento: <strong>{event.name}</strong>
        </p>
      )}
      {admin && eventId !== null && state.policy !== null && (
        <section aria-labelledby="kiosk-policy-title" className="mb-4">
          <h2 id="kiosk-policy-title" className="h5">
            Reimpressão no quiosque
          </h2>
          <PolicyForm
            key={state.policy}
            eventId={eventId}
            policy={state.policy}
            busy={state.busy}
          />
        </section>
      )}
      {state.loaded && state.rows.length === 0 && (
        <Alert variant="info">
          Nenhum quiosque. Crie um usuário com a permissão Quiosque em Usuários e mapeie a
          impressora de crachás dele em Impressoras.
        </Alert>
      )}
      <ul className="kiosk-cards" aria-label="Quiosques">
        {state.rows.map((kiosk) => (
          <KioskCard key={kiosk.userId} kiosk={kiosk} admin={admin} busy={state.busy} />
        ))}
      </ul>
      <NoticeToast text={state.notice} onClose={() => dispatch(kioskNoticeClosed())} />
    </PageFrame>
  );
}
