import { CallThread, type CallAnswer } from '../../worker-calls.ts';

/**
 * How long a thread stays with nothing to do before it ends (the next call starts another):
 * a ceremony's draws come minutes apart, and starting a thread cost the first draw or check
 * 100–300 ms under load.
 */
const IDLE_MS = 10 * 60_000;

interface Answer extends CallAnswer {
  answer?: unknown;
}

/** A stored pool as read from its row: its gzip, or (a row stored before it) its text. */
export interface StoredPool {
  gzip?: Uint8Array | null;
  text?: string;
}

/**
 * A product's lines in the pool, by participant, order and line: texts of
 * 'participant,order,line,quantity' joined with ';' (pool.ts).
 */
export interface ProductLines {
  product: number;
  texts: string[];
}

export interface BuildInput {
  /** PRODUTOS: the session its products' lines were sent in (sendLines), in product order. */
  session?: number;
  products?: number[];
  /** CREDENCIADOS: the accredited participants in order. */
  accredited?: Int32Array;
  excluded: readonly number[];
  /** Draw a ticket (crypto.randomInt) and answer its index and key. */
  pick: boolean;
  /** Answer the keys' text gzipped (what a draw stores). */
  gzip: boolean;
}

export interface Built {
  size: number;
  hash: string;
  index?: number;
  key?: string;
  gzip?: Uint8Array;
  /** A product whose lines were not in order (read them again, ordered): no pool built. */
  unordered?: number;
}

/**
 * Building a pool and reading a stored one run on two threads: a draw's checks do both at once.
 */
type Role = 'build' | 'stored';

/**
 * A thread of pool-worker.mjs: the lottery's 10 MB string work (keys built, joined, hashed and
 * gzipped; a stored pool gunzipped and read) off the app's thread. Started by the first call,
 * ended after IDLE_MS without any, never keeping the process alive idle. Its calls run one after
 * the other.
 */
class PoolThread {
  static #threads = new Map<Role, PoolThread>();
  static get(role: Role): PoolThread {
    let thread = PoolThread.#threads.get(role);
    if (!thread || thread.#calls.ended)
      PoolThread.#threads.set(role, (thread = new PoolThread(role)));
    return thread;
  }

  readonly #calls: CallThread<Answer>;

  private constructor(role: Role) {
    this.#calls = new CallThread<Answer>(new URL('./pool-worker.mjs', import.meta.url), {
      idleMs: IDLE_MS,
      endedMessage: 'O cálculo do sorteio terminou.',
      onEnd: () => {
        if (PoolThread.#threads.get(role) === this) PoolThread.#threads.delete(role);
      },
    });
  }

  /** Nothing to do: the idle countdown starts again. */
  warm(): void {
    this.#calls.warm();
  }

  async run<T>(op: string, input: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    const answer = await this.#calls.call({ op, input }, transfer);
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.answer as T;
  }
}

const buffers = (input: BuildInput): ArrayBuffer[] =>
  input.accredited ? [input.accredited.buffer as ArrayBuffer] : [];

let sessions = 0;

/** A new session: the lines of one pool's products, sent as they are read. */
export const newSession = () => ++sessions;

/** A product's lines, parsed on the pool's thread while the next product is read. */
export function sendLines(session: number, lines: ProductLines): Promise<void> {
  return PoolThread.get('build').run('lines', { session, ...lines });
}

/** A session's lines forgotten (a pool that failed before its build). */
export function dropSession(session: number): Promise<void> {
  return PoolThread.get('build').run('drop', { session });
}

/** A pool's keys built from its lines, hashed, and (for a draw) one drawn and the text gzipped. */
export function buildOnThread(input: BuildInput): Promise<Built> {
  return PoolThread.get('build').run<Built>('build', input, buffers(input));
}

/** A stored pool's SHA-256, its line at `index` and how many participants hold its tickets. */
export function storedChecks(
  stored: StoredPool,
  index: number,
): Promise<{ hash: string; line: string; holders: number }> {
  return PoolThread.get('stored').run('checks', { stored, index });
}

/** A page of a stored pool's holders (participant, tickets), by tickets then participant. */
export function storedHoldersPage(
  stored: StoredPool,
  direction: 'asc' | 'desc',
  start: number,
  count: number,
): Promise<{ total: number; rows: [number, number][] }> {
  return PoolThread.get('stored').run('holders', { stored, direction, start, count });
}

/**
 * Both threads started (or kept) ahead of the draws and checks: the projector's and the audit's
 * pages load their game first (loadGame).
 */
export function warmPoolThreads(): void {
  PoolThread.get('build').warm();
  PoolThread.get('stored').warm();
}
