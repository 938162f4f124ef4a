/** A scannable Code 128 of a value: an SVG of its bars and their count in modules. */
export interface Code128Image {
  href: string;
  modules: number;
}

/**
 * Made by bwip-js, as the server's PDFs (loaded the first time a layout with a bar code prints
 * in the browser). Null for a value Code 128 cannot hold.
 */
export async function code128Image(value: string): Promise<Code128Image | null> {
  const { code128, drawingSVG } = await import('bwip-js/browser');
  try {
    const svg = code128({ bcid: 'code128', text: value, scale: 1, height: 10 }, drawingSVG());
    const modules = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)?.[1]);
    if (!(modules > 0)) return null;
    return { href: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, modules };
  } catch {
    return null;
  }
}
