import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Permission } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { eventSwitchAsked, selectEventSwitching, selectSelectedEvent } from '../events/slice';
import { EventSwitchDialog } from '../events/event-switch-dialog';
import { pageRequested, selectPageLoading } from '../navigation/slice';
import {
  logoutRequested,
  selectPermissions,
  selectTotpEnrolmentOnly,
  selectUser,
} from '../session/slice';
import { lookupRequested, selectLookups } from '../lookups/slice';
import { ConnectionStatus } from '../connection/connection-status';

/** Who may switch the selected event (POST /api/events/select's access). */
const SWITCH_PERMISSIONS: readonly Permission[] = ['Event', 'System'];
const NO_EVENT = 'Nenhum evento selecionado';

/** The selected event as a dropdown for those who may switch it. */
function EventSwitch() {
  const dispatch = useAppDispatch();
  const event = useAppSelector(selectSelectedEvent);
  const listed = useAppSelector(selectLookups).events;
  const events = listed ?? [];
  const switching = useAppSelector(selectEventSwitching);
  const loading = useAppSelector(selectPageLoading);
  // Once the page on screen has loaded, unless its loads brought the list (most desks load the
  // events): one request, not two. Focusing the list asks again, for events created elsewhere.
  const needed = !loading && listed === undefined;
  useEffect(() => {
    if (needed) dispatch(lookupRequested('events'));
  }, [dispatch, needed]);
  // The selected event shows even before the list arrives (or when it was created elsewhere).
  const unlisted = event && !events.some((item) => String(item.id) === String(event.id));
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
          const chosen = e.target.selectedOptions[0];
          // The list keeps showing the selected event until 'Trocar evento' is confirmed.
          if (e.target.value && chosen) {
            dispatch(eventSwitchAsked({ id: Number(e.target.value), name: chosen.text }));
          }
        }}
      >
        {!event && <option value="">{NO_EVENT}</option>}
        {unlisted && <option value={String(event.id)}>{event.name}</option>}
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
 * The center, the greeting, 'Alterar senha' and 'Autenticação em dois fatores' (and 'Sair' while
 * the login may only enrol TOTP): in the top bar, or atop the folded menu on a narrow screen.
 */
export function AccountLinks({ onChoose }: { onChoose?: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const enrolmentOnly = useAppSelector(selectTotpEnrolmentOnly);
  // A page is opening (its chunk, the selected event, its loads): like the menu, these wait.
  const loading = useAppSelector(selectPageLoading);
  const open = (page: 'PASSWORD' | 'TOTP') => {
    dispatch(pageRequested(page));
    onChoose?.();
  };

  return (
    <div className="app-account">
      {user?.centerName && (
        <span className="app-topbar-center" title="Núcleo">
          {user.centerName}
        </span>
      )}
      <span>Olá, {user?.username}</span>
      <Button
        variant="link"
        size="sm"
        className="p-0"
        disabled={loading}
        onClick={() => open('PASSWORD')}
      >
        Alterar senha
      </Button>
      <Button
        variant="link"
        size="sm"
        className="p-0"
        disabled={loading}
        onClick={() => open('TOTP')}
      >
        Autenticação em dois fatores
      </Button>
      {enrolmentOnly && (
        <Button
          variant="link"
          size="sm"
          className="p-0"
          onClick={() => dispatch(logoutRequested())}
        >
          Sair
        </Button>
      )}
    </div>
  );
}

/** The folded menu's panel, when the screen is too narrow for the side menu. */
export interface FoldedMenu {
  id: string;
  open: boolean;
  onOpen: () => void;
}

/**
 * The selected event (a switch for event managers) and the account's links; on a narrow screen
 * 'Menu', which opens the folded menu, and the account's links are in that menu.
 */
export function TopBar({ menu }: { menu?: FoldedMenu }) {
  const event = useAppSelector(selectSelectedEvent);
  const permissions = useAppSelector(selectPermissions);
  // The menu (and its 'Sair') and the event switch are hidden while the login may only enrol TOTP.
  const enrolmentOnly = useAppSelector(selectTotpEnrolmentOnly);
  const canSwitch = !enrolmentOnly && SWITCH_PERMISSIONS.some((p) => permissions.includes(p));

  // A plain <header> (a banner landmark): the menu is the page's one navigation landmark.
  return (
    <header className="navbar bg-dark app-topbar px-3" data-bs-theme="dark">
      {menu && (
        <Button
          variant="outline-light"
          size="sm"
          className="text-nowrap"
          aria-controls={menu.id}
          aria-expanded={menu.open}
          onClick={menu.onOpen}
        >
          <span aria-hidden="true">☰ </span>Menu
        </Button>
      )}
      <span className="navbar-brand fw-semibold">Balcão</span>
      {canSwitch ? (
        <EventSwitch />
      ) : (
        <div className="app-topbar-event text-truncate" title="Evento selecionado">
          <span className="visually-hidden">Evento: </span>
          {event ? event.name : NO_EVENT}
        </div>
      )}
      <ConnectionStatus />
      {!menu && <AccountLinks />}
      {canSwitch && <EventSwitchDialog />}
    </header>
  );
}
