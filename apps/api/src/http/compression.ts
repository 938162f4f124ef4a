import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this leave as they are: a desk's CPF check or a 204 is not worth the CPU. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Text worth compressing: JSON, CSV and other text (the SPA's HTML, JS, CSS and SVG come
 * pre-compressed, http/spa.ts). Not PDFs, PNGs, ZIPs, fonts or octet-streams: already compressed,
 * or of unknown content.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

/**
 * Compresses answers as the client asks (`Accept-Encoding`: br, then gzip), for every route
 * registered after it (docs/api-foundation.md, 'Compression'). Levels chosen for CPU over ratio
 * (bench/README.md, 'The wire'): brotli 4 and gzip 5 shrink the paid carts' CSV about as much as
 * their maximum does at a fraction of the time. A stream (a CSV download) goes through zlib's
 * stream, whose work runs in libuv's threadpool, not on the app's thread; only an answer already in
 * memory of a few KiB (the plugin's `syncThreshold`: 8 KiB on two cores) is compressed in one call
 * on the app's thread, cheaper there than a stream and well under a millisecond.
 * An answer that already has a `Content-Encoding` (the SPA's pre-compressed files) is sent as is.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Each write flushed: a download's writes are slices of 200 rows (~12 KB), and without a flush
    // brotli kept the whole period's buyers' CSV (3.8 MB) before its first byte (gzip ~1 MB).
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      flush: constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: 5, flush: constants.Z_SYNC_FLUSH },
  });
}
