import { useEffect } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectAppMode } from '../config/slice';
import { selectAdminPage, selectPermissions, selectTotpEnrolmentOnly } from '../session/slice';
import { PageContent } from './page-content';
import { preloadDesks } from './pages';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

export function AdminShell() {
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  const page = useAppSelector(selectAdminPage);
  // A login that must enrol TOTP first sees that page alone, with no menu.
  const enrolmentOnly = useAppSelector(selectTotpEnrolmentOnly);
  // Signed in: the desks' code arrives while the clerk reads the first screen.
  useEffect(() => preloadDesks(page, permissions, mode), [page, permissions, mode]);

  return (
    <div className="app-shell">
      <TopBar />
      <div className="app-body">
        {!enrolmentOnly && <SideMenu />}
        <main className="app-content">
          <PageContent />
        </main>
      </div>
    </div>
  );
}
