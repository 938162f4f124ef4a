import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, conflict, invalidRequest } from '../../http/api-error.ts';

/** Imports this server runs at once, whoever sends them: each holds its file and a core. */
export const MAX_RUNNING_IMPORTS = 2;
export const IMPORT_RUNNING =
  'Já há uma importação sua em andamento: aguarde o resultado dela antes de enviar outra planilha.';
export const IMPORTS_BUSY = `O servidor já está fazendo ${MAX_RUNNING_IMPORTS} importações: tente de novo em alguns instantes.`;

interface Slot {
  userId: number;
  /** 'reading' until the route's handler starts, 'importing' until it ends. */
  state: 'reading' | 'importing' | 'released';
}

/**
 * One import at a time per user and MAX_RUNNING_IMPORTS in all (issue 23: eight uploads of a
 * shared-strings bomb at once by one user took the server from 823 to 1,427 MB). A slot is taken
 * before the body is read, since the file is most of the memory, and held until the last line is
 * written; a request that ends before its import starts (a refused body, a dropped connection)
 * gives it back. Per process: each instance behind a balancer counts its own.
 */
export class ImportSlots {
  readonly #users = new Set<number>();
  readonly #held = new WeakMap<FastifyRequest, Slot>();

  /** Takes this user's slot for the request, or refuses it: 409 for the user, 429 when full. */
  take(request: FastifyRequest, reply: FastifyReply, userId: number): void {
    if (this.#users.has(userId)) throw conflict(IMPORT_RUNNING);
    if (this.#users.size >= MAX_RUNNING_IMPORTS) {
      throw new ApiError(429, 'too_many_requests', IMPORTS_BUSY, { 'retry-after': '5' });
    }
    this.#users.add(userId);
    const slot: Slot = { userId, state: 'reading' };
    this.#held.set(request, slot);
    reply.raw.once('close', () => {
      if (slot.state === 'reading') this.#release(slot);
    });
  }

  /** Runs the import in the request's slot, which is given back when it ends, however it ends. */
  async run<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const slot = this.#held.get(request);
    // The connection closed while the file arrived: no one is waiting for this import.
    if (slot?.state !== 'reading') {
      throw invalidRequest('A conexão foi encerrada antes de a importação começar.');
    }
    slot.state = 'importing';
    try {
      return await work();
    } finally {
      this.#release(slot);
    }
  }

  #release(slot: Slot): void {
    slot.state = 'released';
    this.#users.delete(slot.userId);
  }
}
