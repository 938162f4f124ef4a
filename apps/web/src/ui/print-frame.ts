/** A printed file's frame and blob URL stay this long: the print dialog reads the file meanwhile. */
const FRAME_LIFETIME_MS = 60_000;
const FRAME_ATTRIBUTE = 'data-print-frame';

/**
 * Prints a file (a PDF, or an HTML page drawn in the browser: the offline desk's badge) from a
 * hidden frame in this tab: the browser's print dialog opens over the desk, no
 * tab piles up, and focus goes back to where the clerk was (the scan field) once the dialog is
 * gone. A desk's Chromium started with --kiosk-printing prints at once, with no dialog at all.
 */
export function printFile(file: Blob): void {
  // Frames already printed go; one still loading stays (a receipt and its coupon print in a row).
  document
    .querySelectorAll(`iframe[${FRAME_ATTRIBUTE}="printed"]`)
    .forEach((frame) => frame.remove());
  const returnTo = document.activeElement;
  const restoreFocus = () => {
    if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
  };
  const url = URL.createObjectURL(file);
  const frame = document.createElement('iframe');
  frame.setAttribute(FRAME_ATTRIBUTE, '');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Not display:none: Chromium would not load the PDF viewer that prints it.
  frame.style.cssText =
    'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.addEventListener(
    'load',
    () => {
      const view = frame.contentWindow;
      if (!view) return;
      const print = () => {
        view.addEventListener('afterprint', restoreFocus, { once: true });
        // The dialog takes the focus; the window gets it back when the dialog closes.
        window.addEventListener('focus', restoreFocus, { once: true });
        view.focus();
        view.print();
        frame.setAttribute(FRAME_ATTRIBUTE, 'printed');
        restoreFocus();
      };
      // A page drawn in the browser (the offline badge) declares the documents' font: it prints
      // once the font is in, never in a fallback with other widths.
      const faces = view.document.fonts ? [...view.document.fonts] : [];
      if (faces.length === 0) print();
      else void Promise.all(faces.map((face) => face.load().catch(() => face))).then(print);
    },
    { once: true },
  );
  frame.src = url;
  document.body.append(frame);
  setTimeout(() => {
    URL.revokeObjectURL(url);
    frame.remove();
  }, FRAME_LIFETIME_MS);
}
