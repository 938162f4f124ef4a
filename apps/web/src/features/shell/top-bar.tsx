import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Navbar from 'react-bootstrap/Navbar';
import type { Permission } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { eventSwitchRequested, selectEventSwitching, selectSelectedEvent } from '../events/slice';
import { pageRequested, selectPageLoading } from '../navigation/slice';
import {
  logoutRequested,
  selectPermissions,
  selectTotpEnrolmentOnly,
  selectUser,
} from '../session/slice';
import { lookupRequested, selectLookups } from '../tables/slice';

/** Who may switch the selected event (POST /api/events/select's access). */
const SWITCH_PERMISSIONS: readonly Permission[] = ['Event', 'System'];
const NO_EVENT = 'Nenhum evento selecionado';

/** The selected event as a dropdown for those who may switch it. */
function EventSwitch() {
  const dispatch = useAppDispatch();
  const event = useAppSelector(selectSelectedEvent);
  const events = useAppSelector(selectLookups).events ?? [];
  const switching = useAppSelector(selectEventSwitching);
  const loading = useAppSelector(selectPageLoading);
  useEffect(() => {
    dispatch(lookupRequested('events'));
  }, [dispatch]);
  // The selected event shows even before the list arrives (or when it was created elsewhere).
  const listed = event && !events.some((item) => String(item.id) === String(event.id));
  return (
    <div className="app-topbar-event d-flex align-items-center gap-2">
      <Form.Label htmlFor="topbar-event" className="mb-0 text-light small">
        Evento
      </Form.Label>
      <Form.Select
        id="topbar-event"
        size="sm"
        value={event ? String(event.id) : ''}
        disabled={switching || loading}
        title="O evento de todos os balcões"
        onFocus={() => dispatch(lookupRequested('events'))}
        onChange={(e) => {
          if (e.target.value) dispatch(eventSwitchRequested({ id: Number(e.target.value) }));
        }}
      >
        {!event && <option value="">{NO_EVENT}</option>}
        {listed && <option value={String(event.id)}>{event.name}</option>}
        {events.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.name}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}

/**
 * The selected event (a switch for event managers), the center, the greeting, 'Alterar senha' and
 * 'Autenticação em dois fatores'.
 */
export function TopBar() {
  const dispatch = useAppDispatch();
  const event = useAppSelector(selectSelectedEvent);
  const user = useAppSelector(selectUser);
  const permissions = useAppSelector(selectPermissions);
  // The menu (and its 'Sair') and the event switch are hidden while the login may only enrol TOTP.
  const enrolmentOnly = useAppSelector(selectTotpEnrolmentOnly);
  const canSwitch = !enrolmentOnly && SWITCH_PERMISSIONS.some((p) => permissions.includes(p));
  // A page is opening (its chunk, the selected event, its loads): like the menu, these wait.
  const loading = useAppSelector(selectPageLoading);

  return (
    <Navbar bg="dark" data-bs-theme="dark" className="app-topbar px-3" as="header">
      <Navbar.Brand as="span" className="fw-semibold">
        Balcão
      </Navbar.Brand>
      {canSwitch ? (
        <EventSwitch />
      ) : (
        <div className="app-topbar-event text-truncate" title="Evento selecionado">
          <span className="visually-hidden">Evento: </span>
          {event ? event.name : NO_EVENT}
        </div>
      )}
      <div className="ms-auto d-flex align-items-center gap-3 text-light">
        {user?.centerName && (
          <span className="app-topbar-center" title="Núcleo">
            {user.centerName}
          </span>
        )}
        <span>Olá, {user?.username}</span>
        <Button
          variant="link"
          size="sm"
          className="link-light p-0"
          disabled={loading}
          onClick={() => dispatch(pageRequested('PASSWORD'))}
        >
          Alterar senha
        </Button>
        <Button
          variant="link"
          size="sm"
          className="link-light p-0"
          disabled={loading}
          onClick={() => dispatch(pageRequested('TOTP'))}
        >
          Autenticação em dois fatores
        </Button>
        {enrolmentOnly && (
          <Button
            variant="link"
            size="sm"
            className="link-light p-0"
            onClick={() => dispatch(logoutRequested())}
          >
            Sair
          </Button>
        )}
      </div>
    </Navbar>
  );
}
