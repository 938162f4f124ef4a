import { CERTIFICATE_VERIFY_PAGE } from '@balcao/contract';

/**
 * The public verification page's code in the address: '' on /verificar, the code on
 * /verificar/{code} (from a certificate's QR), null on any other path (the back-office).
 */
export function verifyPathCode(pathname: string): string | null {
  const page = CERTIFICATE_VERIFY_PAGE;
  if (pathname === page || pathname === `${page}/`) return '';
  if (!pathname.startsWith(`${page}/`)) return null;
  try {
    return decodeURIComponent(pathname.slice(page.length + 1));
  } catch {
    // A malformed escape: the code as it came, which the page then cannot find.
    return pathname.slice(page.length + 1);
  }
}

/** The address of a code's answer, so a page checked by typing can be shared or reloaded. */
export function showCodeInAddress(code: string): void {
  const path = `${CERTIFICATE_VERIFY_PAGE}/${encodeURIComponent(code)}`;
  if (window.location.pathname !== path) window.history.replaceState(null, '', path);
}
