import { Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useAppSelector } from '../../store/hooks';
import { LoadingPage } from '../../ui/loading-page';
import { selectPageLoading } from '../navigation/slice';
import { selectAppMode } from '../config/slice';
import { selectOnline } from '../connection/slice';
import { selectAdminPage, selectPermissions } from '../session/slice';
import { BlankPage } from './blank-page';
import { PageLoadBoundary } from './page-load-boundary';
import { PAGE_COMPONENTS, pageTitle } from './pages';
import { PlaceholderPage } from './placeholder-page';

export function PageContent() {
  const loading = useAppSelector(selectPageLoading);
  const page = useAppSelector(selectAdminPage);
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  const online = useAppSelector(selectOnline);
  if (loading) return <LoadingPage />;
  if (!page) return <BlankPage />;
  const Page = PAGE_COMPONENTS[page];
  if (!Page) return <PlaceholderPage title={pageTitle(page, permissions, mode)} />;
  return (
    <PageLoadBoundary key={page}>
      {!online && page !== 'SUBSCRIPTION' && (
        <Alert variant="danger" className="m-3 mb-0">
          <strong>Sem conexão com o servidor.</strong> Esta tela precisa dele: o que for pedido aqui
          só é feito quando a conexão voltar. O Credenciamento continua funcionando sem conexão.
        </Alert>
      )}
      <Suspense fallback={<LoadingPage />}>
        <Page />
      </Suspense>
    </PageLoadBoundary>
  );
}
