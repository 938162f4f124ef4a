export interface SuperviseOptions {
  cwd?: string;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A run shorter than this counts as an immediate failure (default 10 s). */
  quickMs?: number;
  /** Immediate failures in a row after which the loop gives up (default 5). */
  maxQuickFailures?: number;
  log?: (line: string) => void;
}

/** The exit code of a loop that gave up on a server failing right at start (EX_CONFIG). */
export const GAVE_UP_CODE: 78;

export function supervise(
  command: string,
  args: string[],
  options?: SuperviseOptions,
): { done: Promise<number>; stop: (signal: NodeJS.Signals) => void };
