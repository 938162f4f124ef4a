/**
 * A PDF background's first page as a PNG data URL, for the preview. pdf.js is loaded only here,
 * the first time the editor shows a PDF, so no other screen (the login first) carries it.
 */

/** The longest side of the picture drawn, in pixels: sharp in the preview, light on memory. */
const LONGEST_SIDE_PX = 1600;

const pages = new Map<string, Promise<string>>();

/** The first page of the PDF in `dataUrl`, drawn once per upload (`id`) and kept. */
export function pdfPageImage(id: string, dataUrl: string): Promise<string> {
  let page = pages.get(id);
  if (!page) {
    page = drawFirstPage(dataUrl);
    // A failure is not kept: the next preview tries again.
    page.catch(() => pages.delete(id));
    pages.set(id, page);
  }
  return page;
}

async function drawFirstPage(dataUrl: string): Promise<string> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  // No scripts: a PDF's JavaScript never runs in the editor.
  const pdf = await pdfjs.getDocument({ data, isEvalSupported: false, enableXfa: false }).promise;
  try {
    const page = await pdf.getPage(1);
    // The page as a viewer shows it: its crop box, turned by its /Rotate.
    const shown = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({
      scale: LONGEST_SIDE_PX / Math.max(shown.width, shown.height),
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return canvas.toDataURL('image/png');
  } finally {
    void pdf.destroy();
  }
}
