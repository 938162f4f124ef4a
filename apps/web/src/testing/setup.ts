import '@testing-library/jest-dom/vitest';
// IndexedDB for the offline desk's replica (features/accreditation/offline-replica.ts).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import type * as StoreModule from '../app/store';

// A page's chunk is transformed on its first load: on two cores shared with the API suite that
// took past findBy's 1 s default (CI saw 'Carregando...' still on screen), though nothing was wrong.
configure({ asyncUtilTimeout: 5_000 });

vi.mock('@yudiel/react-qr-scanner', async () => {
  const { FakeScanner } = await import('./qr-scanner-mock');
  return { Scanner: FakeScanner, setZXingModuleOverrides: vi.fn() };
});

// Every store a test made stops after it: a store left running would act like another tab of the
// browser in the next test (app/session/shared-token.ts), sharing its saved session.
const stores = vi.hoisted(() => new Set<{ stop: () => void }>());
vi.mock('../app/store', async (importOriginal) => {
  const actual = await importOriginal<typeof StoreModule>();
  return {
    ...actual,
    makeStore: (...args: Parameters<typeof actual.makeStore>) => {
      const store = actual.makeStore(...args);
      stores.add(store);
      return store;
    },
  };
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  for (const store of stores) store.stop();
  stores.clear();
  // The offline desk's databases: each test starts with an empty replica and queue.
  await Promise.all(['balcao-desk-replica', 'balcao-desk-queue'].map(deleteDatabase));
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
