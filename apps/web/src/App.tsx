import { AdminShell } from './features/shell/admin-shell';
import { LotteryPage } from './features/lottery/lottery-page';
import { ErrorDialog } from './features/errors/error-dialog';
import { LoginPage } from './features/session/login-page';
import { selectLandPage, selectRestoring } from './features/session/slice';
import { useAppSelector } from './store/hooks';
import { LoadingPage } from './ui/loading-page';

function LandingPage() {
  const landPage = useAppSelector(selectLandPage);
  const restoring = useAppSelector(selectRestoring);
  if (restoring) return <LoadingPage />;
  switch (landPage) {
    case 'ADMIN':
      return <AdminShell />;
    case 'LOTTERY':
      return <LotteryPage />;
    default:
      return <LoginPage />;
  }
}

/** No URL routes: the landing page in the store picks the screen (SPEC.md section 2). */
export function App() {
  return (
    <>
      <LandingPage />
      <ErrorDialog />
    </>
  );
}
