/**
 * What a print makes from an upload, made once per process and kept by the upload's content (a
 * hash: uploads never change), the least recently used dropped past a total size.
 */
import { createHash } from 'node:crypto';

export class MadeOnce<T> {
  private readonly kept = new Map<string, Promise<T>>();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly make: (content: Uint8Array) => Promise<T>,
    private readonly sizeOf: (made: T) => number,
    private readonly keptBytes: number,
  ) {}

  get(content: Uint8Array): Promise<T> {
    const key = createHash('sha256').update(content).digest('base64');
    const known = this.kept.get(key);
    if (known) {
      this.kept.delete(key); // used again: the newest
      this.kept.set(key, known);
      return known;
    }
    const made = this.make(content);
    this.kept.set(key, made);
    made.then(
      (value) => this.keep(key, this.sizeOf(value)),
      () => this.kept.delete(key),
    );
    return made;
  }

  private keep(key: string, size: number): void {
    this.sizes.set(key, size);
    let total = [...this.sizes.values()].reduce((sum, each) => sum + each, 0);
    for (const oldest of this.kept.keys()) {
      if (total <= this.keptBytes || oldest === key) break;
      total -= this.sizes.get(oldest) ?? 0;
      this.kept.delete(oldest);
      this.sizes.delete(oldest);
    }
  }
}
