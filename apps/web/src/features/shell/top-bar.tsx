import Button from 'react-bootstrap/Button';
import Navbar from 'react-bootstrap/Navbar';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../events/slice';
import { pageRequested } from '../navigation/slice';
import { selectUser } from '../session/slice';

/** The selected event, the user's center, the greeting and the password link. */
export function TopBar() {
  const dispatch = useAppDispatch();
  const event = useAppSelector(selectSelectedEvent);
  const user = useAppSelector(selectUser);

  return (
    <Navbar bg="dark" data-bs-theme="dark" className="app-topbar px-3" as="header">
      <Navbar.Brand as="span" className="fw-semibold">
        Balcão
      </Navbar.Brand>
      <div className="app-topbar-event text-truncate" title="Evento selecionado">
        <span className="visually-hidden">Evento: </span>
        {event ? event.name : 'Nenhum evento selecionado'}
      </div>
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
          onClick={() => dispatch(pageRequested('PASSWORD'))}
        >
          Alterar senha
        </Button>
      </div>
    </Navbar>
  );
}
