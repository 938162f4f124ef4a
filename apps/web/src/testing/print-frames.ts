/**
 * Watches the hidden print frames of ui/print-frame.ts from now on (jsdom has no blob URLs nor a
 * PDF viewer): answers the PDFs that reached a frame's print(), in order.
 */
export function watchPrintFrames(): () => Blob[] {
  const blobs = new Map<string, Blob>();
  const printed: Blob[] = [];
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:print-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  const observer = new MutationObserver((changes) => {
    for (const node of changes.flatMap((change) => [...change.addedNodes])) {
      if (!(node instanceof HTMLIFrameElement) || !node.hasAttribute('data-print-frame')) continue;
      const view = node.contentWindow;
      if (!view) continue;
      const blob = blobs.get(node.src);
      // As in a browser, printing focuses the frame; the page must take the focus back.
      view.focus = () => node.focus();
      view.print = () => {
        if (blob) printed.push(blob);
      };
      node.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.body, { childList: true });
  onTestFinished(() => {
    observer.disconnect();
    Object.assign(URL, original);
  });
  return () => printed;
}
