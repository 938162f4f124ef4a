import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';

// A page's chunk is transformed on its first load: on two cores shared with the API suite that
// took past findBy's 1 s default (CI saw 'Carregando...' still on screen), though nothing was wrong.
configure({ asyncUtilTimeout: 5_000 });

vi.mock('@yudiel/react-qr-scanner', async () => {
  const { FakeScanner } = await import('./qr-scanner-mock');
  return { Scanner: FakeScanner, setZXingModuleOverrides: vi.fn() };
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
