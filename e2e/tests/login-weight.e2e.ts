import { describe, expect, it } from 'vitest';
import { usePage } from '../support/browser.ts';
import { LOGIN_JS_BUDGET, weightOf } from '../../tools/spa-weight.mjs';

describe('the login page on a phone', () => {
  const { page, baseUrl } = usePage();

  it('fetches at most 150 KB of compressed JS before the login form shows', async () => {
    // A context of its own: nothing in its cache, no saved session.
    const context = await page().context().browser()!.newContext({ locale: 'pt-BR' });
    const p = await context.newPage();
    const scripts: string[] = [];
    p.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await p.goto(baseUrl);
    await p.getByRole('button', { name: 'Entrar' }).waitFor();
    await context.close();

    // The desks' pieces (the QR scanner, the tables) come with their pages, not with the login.
    expect(scripts.length).toBeGreaterThan(0);
    const { brotli } = weightOf(scripts);
    expect(brotli, `${scripts.length} scripts: ${scripts.join(', ')}`).toBeLessThanOrEqual(
      LOGIN_JS_BUDGET,
    );
    // Few, full files (issue #45): the first screen's modules come in one chunk, not as a dozen
    // preloads of a few hundred bytes, each a request of its own on a phone's first visit.
    expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(3);
  });
});
