import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { csvField, csvLine } from '@balcao/contract';

/**
 * Every CSV download: a UTF-8 BOM and the header line, then each chunk of lines as it comes
 * (a batch of rows joined, db/stream-rows.ts), so the file leaves while it is being read.
 */
export function csvStream(labels: readonly string[], chunks: AsyncIterable<string>): Readable {
  async function* text(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(labels.map((label) => csvField(label, true)))}`;
    for await (const chunk of chunks) if (chunk !== '') yield chunk;
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * Rows written as CSV a slice at a time, with a turn for other requests between slices: a batch
 * of 1,000 report rows took 5–50 ms to write on the app's thread (more on a busy machine), and
 * the desks waited that long (bench/README.md, 'The wire').
 */
export const CSV_SLICE = 200;

export async function* csvText<R>(
  batches: AsyncIterable<readonly R[]>,
  write: (rows: readonly R[]) => string,
): AsyncGenerator<string> {
  for await (const batch of batches) {
    for (let from = 0; from < batch.length; from += CSV_SLICE) {
      if (from > 0) await nextTurn();
      yield write(batch.slice(from, from + CSV_SLICE));
    }
  }
}
