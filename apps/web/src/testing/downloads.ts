import { onTestFinished, vi } from 'vitest';

/**
 * Captures, for one test, the files a page hands to the browser: every blob given a URL and the
 * name of every download link clicked (jsdom can neither make blob URLs nor download).
 */
export function captureDownloads(): { blobs: Blob[]; names: string[] } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:download-${blobs.length}`;
    },
    revokeObjectURL: vi.fn(),
  });
  onTestFinished(() => {
    Object.assign(URL, original);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names };
}
