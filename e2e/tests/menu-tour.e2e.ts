import { describe, expect, inject, it } from 'vitest';
import { usePage } from '../support/browser.ts';
import { menuItem, menuOf, signIn, waitForPage } from '../support/screens.ts';

// Every page of SPEC.md section 2's menu is built: none shows the stand-in of a page to come.
describe('the admin menu', () => {
  const { page } = usePage();

  it('opens every item as a built page, none a placeholder', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const menu = menuOf(p);
    const items = menu.locator('button:not([aria-expanded])');

    // Groups open one at a time: gather each group's items with the group open.
    const labels = new Set<string>();
    for (const group of await menu.locator('button[aria-expanded]').all()) {
      if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
      for (const label of await items.allTextContents()) labels.add(label.trim());
    }
    labels.delete('Sair');
    expect(labels.size).toBeGreaterThan(30);

    const unbuilt: string[] = [];
    for (const label of labels) {
      await (await menuItem(p, label)).click();
      await waitForPage(p);
      if (await p.getByText('Em desenvolvimento').isVisible()) unbuilt.push(label);
    }
    expect(unbuilt).toEqual([]);
  });
});
