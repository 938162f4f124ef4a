import { describe, expect, inject, it } from 'vitest';
import { readPdf } from '../../apps/api/test/helpers/pdf-text.ts';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import { openMenu, setUpDesk, signIn, uniqueSuffix, waitForPage } from '../support/screens.ts';

const mm = (points: number) => Math.round((points * 25.4) / 72);

/**
 * 'Layouts de impressão' through the screens: the admin puts the event's badge on a landscape CR80
 * card, saves it, prints a test (the PDF the browser prints is 86 × 54 mm with the preview's
 * values) and finds it saved after a reload.
 */
describe('print layouts', () => {
  const { page } = usePage();

  it("saves the event's badge on a CR80 card and prints a test of it", async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { event } = await setUpDesk(p, uniqueSuffix());

    await openMenu(p, 'Layouts de impressão');
    const size = p.getByLabel('Tamanho da página', { exact: true });
    await expect.poll(() => size.inputValue()).not.toBe('');
    await size.selectOption({ label: 'Cartão CR80 deitado 86 × 54 mm' });
    await expect.poll(() => p.getByText('Alterações não salvas').isVisible()).toBe(true);
    await p.getByRole('button', { name: 'Salvar', exact: true }).click();
    await p.getByText('Layout salvo.').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}print-layouts.png`, fullPage: true });

    const file = p.waitForResponse((response) => response.url().includes('/api/prints/files/'));
    await p.getByRole('button', { name: 'Imprimir teste', exact: true }).click();
    const [printed] = (await readPdf(await (await file).body())).pages;
    expect([mm(printed!.width), mm(printed!.height)]).toEqual([86, 54]);
    // No participant yet: the example guest, on this event.
    expect(printed!.text.split('\n')).toEqual(
      expect.arrayContaining(['Maria', 'Maria da Conceição Souza', event]),
    );

    await p.reload();
    await waitForPage(p);
    await openMenu(p, 'Layouts de impressão');
    await expect
      .poll(() => size.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe('Cartão CR80 deitado 86 × 54 mm');
  });
});
