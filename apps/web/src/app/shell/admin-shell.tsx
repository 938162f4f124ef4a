import { useCallback, useEffect, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAppMode } from '../config/slice';
import { selectPageLoading } from '../navigation/slice';
import { SilentPrinterWarning } from '../printing/silent-printer-warning';
import { printerWatchStarted, printerWatchStopped } from '../printing/slice';
import { selectAdminPage, selectPermissions, selectTotpEnrolmentOnly } from '../session/slice';
import { useNarrowScreen } from './narrow-screen';
import { PageContent } from './page-content';
import { preloadDesks } from './pages';
import { SideMenu } from './side-menu';
import { AccountLinks, TopBar } from './top-bar';

const MENU_ID = 'app-menu';

export function AdminShell() {
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  const page = useAppSelector(selectAdminPage);
  // A login that must enrol TOTP first sees that page alone, with no menu.
  const enrolmentOnly = useAppSelector(selectTotpEnrolmentOnly);
  // Signed in: the desks' code arrives while the clerk reads the first screen (once it shows).
  const loading = useAppSelector(selectPageLoading);
  useEffect(
    () => (loading ? undefined : preloadDesks(page, permissions, mode)),
    [loading, page, permissions, mode],
  );
  // Signed in: a mapped printer whose agent stops asking for work is warned about under the bar.
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (enrolmentOnly) return;
    dispatch(printerWatchStarted());
    return () => {
      dispatch(printerWatchStopped());
    };
  }, [dispatch, enrolmentOnly]);
  // On a phone or tablet the menu is a panel over the page, opened by the top bar's 'Menu'.
  const folded = useNarrowScreen() && !enrolmentOnly;
  const [menu, setMenu] = useState({ open: false, restoreFocus: true });
  const openMenu = useCallback(() => setMenu({ open: true, restoreFocus: true }), []);
  // Escape or '×' gives the focus back to 'Menu'; a chosen item leaves it to the page it opens
  // (a desk focuses its scan field).
  const closeMenu = useCallback(() => setMenu({ open: false, restoreFocus: true }), []);
  const chosen = useCallback(() => setMenu({ open: false, restoreFocus: false }), []);

  return (
    <div className="app-shell">
      <TopBar menu={folded ? { id: MENU_ID, open: menu.open, onOpen: openMenu } : undefined} />
      <SilentPrinterWarning className="app-printer-warning mb-0 rounded-0 py-2" />
      <div className="app-body">
        {folded ? (
          <Offcanvas
            id={MENU_ID}
            show={menu.open}
            onHide={closeMenu}
            restoreFocus={menu.restoreFocus}
            // The page opened from the menu mounts while the panel slides out: its focus stays.
            enforceFocus={false}
            aria-labelledby={`${MENU_ID}-title`}
            className="app-menu-panel"
          >
            <Offcanvas.Header closeButton closeLabel="Fechar menu">
              <Offcanvas.Title id={`${MENU_ID}-title`} as="h2" className="h5">
                Menu
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="p-0 d-flex flex-column">
              <AccountLinks onChoose={chosen} />
              <SideMenu onChoose={chosen} />
            </Offcanvas.Body>
          </Offcanvas>
        ) : (
          !enrolmentOnly && <SideMenu />
        )}
        <main className="app-content">
          <PageContent />
        </main>
      </div>
    </div>
  );
}
