import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { App, isPublicPage } from './App';
import { preloadPage } from './app/shell/pages';
import { appStarted } from './store/app-actions';
import { loadSession } from './app/session/persistence';
import { makeStore } from './app/store';
import { whenIdle } from './ui/when-idle';

dayjs.locale('pt-br');

// The public verification page (a phone opening a certificate's QR) starts none of the
// back-office: no session restored, no page preloaded, no service worker keeping the app.
const publicPage = isPublicPage();
const session = loadSession();
const store = makeStore({ session });
if (!publicPage) {
  store.dispatch(appStarted());
  // A saved session reopens its last page: its chunk downloads while the token is revalidated,
  // asked for in a task of its own (its dependencies' preload links are many) after this one.
  setTimeout(() => void preloadPage(session.adminPage));
}

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado');
// Production builds keep their files in a service worker, registered once the first page has
// loaded and the browser is idle: its code and its update check wait for the page on screen.
if (import.meta.env.PROD && !publicPage) {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void loaded
    .then(() => whenIdle())
    .then(() => import('./app/updates/service-worker'))
    .then(({ keepAppOffline }) => keepAppOffline(store));
}

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
