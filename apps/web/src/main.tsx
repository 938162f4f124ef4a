import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { App } from './App';
import { preloadPage } from './app/shell/pages';
import { appStarted } from './store/app-actions';
import { loadSession } from './app/session/persistence';
import { makeStore } from './app/store';

dayjs.locale('pt-br');

const session = loadSession();
// A saved session reopens its last page: its chunk downloads while the token is revalidated.
void preloadPage(session.adminPage);
const store = makeStore({ session });
store.dispatch(appStarted());

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado');
// Production builds keep their files in a service worker, loaded after the first page.
if (import.meta.env.PROD) {
  void import('./app/updates/service-worker').then(({ keepAppOffline }) => keepAppOffline(store));
}

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
