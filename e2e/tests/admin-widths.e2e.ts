import { describe, expect, inject, it } from 'vitest';
import { usePage } from '../support/browser.ts';
import { openMenu, setUpDesk, signIn, uniqueSuffix } from '../support/screens.ts';

/**
 * A laptop's screen (1366 × 768): the admin table with the most columns, 'Eventos' (13, with
 * 'QR Code'), shows all of them inside its card, with no sideways scroll to find the last ones.
 */
describe('admin tables on a laptop', () => {
  const { page } = usePage();

  it("'Eventos' fits its card at 1366 × 768", async () => {
    const p = page();
    await p.setViewportSize({ width: 1366, height: 768 });
    await signIn(p, 'admin', inject('adminPassword'));
    await setUpDesk(p, uniqueSuffix());
    await openMenu(p, 'Eventos');
    const scroll = p.locator('.data-table-scroll').first();
    const [content, box] = await scroll.evaluate((element) => [
      element.scrollWidth,
      element.clientWidth,
    ]);
    expect(content).toBeLessThanOrEqual(box);
    await expect
      .poll(() => p.getByRole('columnheader', { name: 'QR Code' }).isVisible())
      .toBe(true);
  });
});
