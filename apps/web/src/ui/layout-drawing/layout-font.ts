import regularUrl from '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf?url';
import { LAYOUT_FONT_FAMILY, type LayoutFont } from '@balcao/contract';

/**
 * The documents' one font in the browser (packages/contract/src/font.ts): the very files the
 * server embeds in its PDFs, bundled by Vite, declared only by the screens that draw a layout (the
 * editor's preview, the desk's offline badge), so no other page loads them. Text is measured by
 * the contract's `measureText`, never by the browser: these files only draw it.
 */
const FILES: Record<LayoutFont, string> = { regular: regularUrl, bold: boldUrl };
const WEIGHTS: Record<LayoutFont, string> = { regular: '400', bold: '700' };

/** The family as SVG text names it; the fallback shows only until the files arrive. */
export const LAYOUT_FONT_STACK = `'${LAYOUT_FONT_FAMILY}', sans-serif`;

let loading: Promise<void> | undefined;

/** Declares the two faces in this document and fetches them, once; resolves when both are in. */
export function loadLayoutFont(): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  loading ??= Promise.all(
    (Object.keys(FILES) as LayoutFont[]).map(async (font) => {
      const face = new FontFace(LAYOUT_FONT_FAMILY, `url(${FILES[font]})`, {
        weight: WEIGHTS[font],
      });
      document.fonts.add(face);
      await face.load();
    }),
  ).then(
    () => undefined,
    // Offline before the service worker kept them: the preview draws in the fallback meanwhile.
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** The faces as @font-face rules with absolute URLs, for a document of its own (a print frame). */
export function layoutFontFaceCss(): string {
  return (Object.keys(FILES) as LayoutFont[])
    .map(
      (font) =>
        `@font-face{font-family:'${LAYOUT_FONT_FAMILY}';font-weight:${WEIGHTS[font]};` +
        `src:url(${new URL(FILES[font], document.baseURI).href}) format('truetype')}`,
    )
    .join('');
}
