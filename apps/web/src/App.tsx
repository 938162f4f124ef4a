import { Suspense } from 'react';
import { AdminShell } from './features/shell/admin-shell';
import { lazyPage } from './features/shell/lazy-page';
import { ErrorDialog } from './features/errors/error-dialog';
import { LoginPage } from './features/session/login-page';
import { selectLandPage, selectRestoring } from './features/session/slice';
import { useAppSelector } from './store/hooks';
import { LoadingPage } from './ui/loading-page';

// The projector page is its own chunk: the login page loads without it.
const LotteryPage = lazyPage(
  () => import('./features/lottery/lottery-page'),
  (m) => m.LotteryPage,
);

function LandingPage() {
  const landPage = useAppSelector(selectLandPage);
  const restoring = useAppSelector(selectRestoring);
  if (restoring) return <LoadingPage />;
  switch (landPage) {
    case 'ADMIN':
      return <AdminShell />;
    case 'LOTTERY':
      return (
        <Suspense fallback={<LoadingPage />}>
          <LotteryPage />
        </Suspense>
      );
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
