import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { server } from './server';

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
