/** The Fullscreen API, where the browser offers it; a refusal leaves the page as it is. */
export function enterFullscreen(): void {
  if (typeof document === 'undefined' || document.fullscreenElement) return;
  document.documentElement.requestFullscreen?.().catch(() => {});
}

export function exitFullscreen(): void {
  if (typeof document === 'undefined' || !document.fullscreenElement) return;
  document.exitFullscreen?.().catch(() => {});
}
