export interface Weight {
  raw: number;
  gzip: number;
  brotli: number;
}
export const WEB_DIST: string;
export const LOGIN_JS_BUDGET: number;
export function initialAssets(dist?: string): { js: string[]; css: string[] };
export function weightOf(files: readonly string[], dist?: string): Weight;
