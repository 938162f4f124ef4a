import { Readable } from 'node:stream';
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
