import { Worker, type WorkerOptions } from 'node:worker_threads';

/** What a thread answers a call: the call's id, and an error's message when it failed. */
export interface CallAnswer {
  id: number;
  error?: string;
}

/**
 * A worker thread answering numbered calls (`{ id, ...message }` → `{ id, ... }`), for work kept
 * off the app's thread (SQLite's downloads, the lottery's pool). It keeps the process alive only
 * while a call waits on it, answers every waiting call with an error if the thread dies, and ends
 * after `idleMs` with no call waiting and nobody holding it; `onEnd` then lets its owner start
 * another for the next call.
 */
export class CallThread<A extends CallAnswer> {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, (answer: A) => void>();
  readonly #idleMs: number;
  readonly #onEnd: () => void;
  #nextId = 1;
  #holds = 0;
  #idle: NodeJS.Timeout | undefined;
  /** Why the thread ended: a call made after it gets this instead of waiting forever. */
  #ended: string | undefined;

  constructor(
    script: URL,
    options: WorkerOptions & { idleMs: number; endedMessage: string; onEnd: () => void },
  ) {
    const { idleMs, endedMessage, onEnd, ...workerOptions } = options;
    this.#idleMs = idleMs;
    this.#onEnd = onEnd;
    // Plain JavaScript scripts: no TypeScript loader to start (it cost each download ~100 ms).
    this.#worker = new Worker(script, { execArgv: [], ...workerOptions });
    // Node 20 refs a worker again once it is online when a 'message' listener came after
    // unref(): a script that had called it once then waited the whole idle time to exit.
    this.#worker.unref();
    this.#worker.once('online', () => this.#unrefWhenIdle());
    this.#worker.on('message', (answer: A) => {
      const resolve = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      this.#unrefWhenIdle();
      resolve?.(answer);
      this.#rest();
    });
    const fail = (error: unknown) => {
      clearTimeout(this.#idle);
      if (this.#ended === undefined) onEnd();
      this.#ended ??= error instanceof Error ? error.message : endedMessage;
      for (const [id, resolve] of this.#waiting) resolve({ id, error: this.#ended } as A);
      this.#waiting.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', fail);
  }

  /** Whether the thread ended (a call then answers its error at once). */
  get ended(): boolean {
    return this.#ended !== undefined;
  }

  #unrefWhenIdle(): void {
    if (this.#waiting.size === 0) this.#worker.unref();
  }

  /** With no call waiting and nobody holding the thread, the idle countdown starts again. */
  #rest(): void {
    clearTimeout(this.#idle);
    if (this.#waiting.size > 0 || this.#holds > 0 || this.#ended !== undefined) return;
    this.#idle = setTimeout(() => {
      this.#onEnd();
      void this.#worker.terminate();
    }, this.#idleMs).unref();
  }

  /** Sends a call and answers what the thread answers (an error answer included). */
  call(message: object, transfer: ArrayBuffer[] = []): Promise<A> {
    clearTimeout(this.#idle);
    const id = this.#nextId++;
    return new Promise<A>((resolve) => {
      if (this.#ended !== undefined) return resolve({ id, error: this.#ended } as A);
      this.#waiting.set(id, resolve);
      this.#worker.ref();
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Sends a message that expects no answer. */
  tell(message: object): void {
    if (this.#ended === undefined) this.#worker.postMessage(message);
  }

  /** Keeps the thread from its idle end between calls (a download's batches), until `release`. */
  hold(): void {
    this.#holds++;
    clearTimeout(this.#idle);
  }

  release(): void {
    this.#holds--;
    this.#rest();
  }

  /** Nothing to do yet: the idle countdown starts again (a page about to need the thread). */
  warm(): void {
    this.#rest();
  }
}
