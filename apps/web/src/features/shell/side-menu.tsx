import { useEffect, useMemo, useRef } from 'react';
import Nav from 'react-bootstrap/Nav';
import { menuFor } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAppMode } from '../config/slice';
import { pageRequested, selectPageLoading } from '../navigation/slice';
import { logoutRequested, selectAdminPage, selectPermissions } from '../session/slice';
import { selectSetupPending } from '../setup/slice';

/** The left menu: SPEC.md section 2's items the user may see, then 'Sair'. */
export function SideMenu() {
  const dispatch = useAppDispatch();
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  const current = useAppSelector(selectAdminPage);
  const loading = useAppSelector(selectPageLoading);
  const setupPending = useAppSelector(selectSetupPending);
  const items = useMemo(() => menuFor(permissions, mode), [permissions, mode]);
  const activeRef = useRef<HTMLButtonElement>(null);

  // The admin menu is longer than a desk screen: keep the open page's item in sight after a reload.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  return (
    <nav className="app-sidebar" aria-label="Menu principal">
      <Nav variant="pills" className="flex-column" as="ul">
        {setupPending && (
          <Nav.Item as="li" className="mb-2 pb-2 border-bottom">
            <Nav.Link
              as="button"
              type="button"
              active={current === 'SETUP'}
              aria-current={current === 'SETUP' ? 'page' : undefined}
              onClick={() => dispatch(pageRequested('SETUP'))}
            >
              Primeiros passos
            </Nav.Link>
          </Nav.Item>
        )}
        {items.map((item) => {
          const active = item.page === current;
          return (
            <Nav.Item as="li" key={item.page}>
              <Nav.Link
                as="button"
                type="button"
                ref={active ? activeRef : undefined}
                active={active}
                aria-current={active ? 'page' : undefined}
                aria-disabled={loading || undefined}
                onClick={() => dispatch(pageRequested(item.page))}
              >
                {item.label}
              </Nav.Link>
            </Nav.Item>
          );
        })}
        <Nav.Item as="li" className="mt-2 pt-2 border-top">
          <Nav.Link as="button" type="button" onClick={() => dispatch(logoutRequested())}>
            Sair
          </Nav.Link>
        </Nav.Item>
      </Nav>
    </nav>
  );
}
