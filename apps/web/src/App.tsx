import { Suspense } from 'react';
import './pages';
import { AdminShell } from './app/shell/admin-shell';
import { lazyPage } from './app/shell/lazy-page';
import { ErrorDialog } from './app/errors/error-dialog';
import { PageLoadBoundary } from './app/shell/page-load-boundary';
import { LoginPage } from './app/session/login-page';
import { isKiosk } from '@balcao/contract';
import {
  selectCameraId,
  selectLandPage,
  selectPermissions,
  selectRestoring,
} from './app/session/slice';
import { useAppSelector } from './store/hooks';
import { LoadingPage } from './ui/loading-page';
import { ScannerCameraContext } from './ui/scanner-camera';
import { verifyPathCode } from './features/certificates/verify-path';

// The projector page is its own chunk: the login page loads without it.
const LotteryPage = lazyPage(
  () => import('./features/lottery/lottery-page'),
  (m) => m.LotteryPage,
);

// The public certificate check (/verificar, a QR's /verificar/{code}): its own small chunk, shown
// without login, the shell or the back-office's startup (main.tsx).
const VerifyPage = lazyPage(
  () => import('./features/certificates/verify-page'),
  (m) => m.VerifyPage,
);

/** Whether the address is the public verification page rather than the back-office. */
export const isPublicPage = () => verifyPathCode(window.location.pathname) !== null;

// The self-service kiosk (issue #43): a kiosk user's only screen, its own chunk too.
const KioskPage = lazyPage(
  () => import('./features/accreditation/kiosk-page'),
  (m) => m.KioskPage,
);

function LandingPage() {
  const landPage = useAppSelector(selectLandPage);
  const restoring = useAppSelector(selectRestoring);
  const kiosk = isKiosk(useAppSelector(selectPermissions));
  if (restoring) return <LoadingPage />;
  switch (landPage) {
    case 'ADMIN':
      return kiosk ? (
        <Suspense fallback={<LoadingPage />}>
          <KioskPage />
        </Suspense>
      ) : (
        <AdminShell />
      );
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

/**
 * No URL routes in the back-office: the landing page in the store picks the screen (SPEC.md
 * section 2). The one address of its own is the public verification page.
 */
export function App() {
  if (isPublicPage()) {
    return (
      <PageLoadBoundary>
        <Suspense fallback={<LoadingPage />}>
          <VerifyPage />
        </Suspense>
      </PageLoadBoundary>
    );
  }
  return <BackOffice />;
}

function BackOffice() {
  return (
    <ScannerCameraContext value={useAppSelector(selectCameraId)}>
      <LandingPage />
      <ErrorDialog />
    </ScannerCameraContext>
  );
}
