/** How long deferred work waits for idle time at most: a busy page still gets it done. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Settles once the browser has nothing more urgent to do (or `timeoutMs` later at the latest):
 * work that can wait (the offline replica's sync, other desks' code, the service worker) runs
 * after the page on screen has painted and answers input, each piece in its own short task.
 * Where there is no requestIdleCallback (jsdom, Safari) a timer stands in.
 */
export function whenIdle(timeoutMs = IDLE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else {
      setTimeout(resolve, 1);
    }
  });
}
