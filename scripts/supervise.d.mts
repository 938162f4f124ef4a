export interface SuperviseOptions {
  cwd?: string;
  firstDelayMs?: number;
  maxDelayMs?: number;
  log?: (line: string) => void;
}

export function supervise(
  command: string,
  args: string[],
  options?: SuperviseOptions,
): { done: Promise<number>; stop: (signal: NodeJS.Signals) => void };
