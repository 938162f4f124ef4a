import type { FastifyRequest } from 'fastify';
import { ApiError, invalidRequest } from '../../http/api-error.ts';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../../http/json-body.ts';
import {
  NOT_A_SPREADSHEET,
  SHEET_BODY_LIMIT,
  SHEET_MAX_BYTES,
  SHEET_TOO_LARGE,
  UploadedSheet,
} from './sheet-file.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The data URL's `data:<type>;base64,` part; anything longer is not one a browser writes. */
const MAX_HEADER = 512;
const SLICE_BYTES = 64 * 1024;
const TURN_BYTES = 1024 * 1024;
/** The body around the sheet (`eventId` and whatever a client adds). */
const MAX_OUTER = 64 * 1024;

const tooLarge = (): ApiError => new ApiError(413, 'invalid_request', SHEET_TOO_LARGE);
const bodyTooLarge = (): ApiError =>
  new ApiError(413, 'invalid_request', 'O corpo da requisição é grande demais.');
const invalidJson = (): ApiError => invalidRequest('O corpo da requisição não é um JSON válido.');

/**
 * The JSON body of the import routes, `{sheet, eventId}` where `sheet` is a data URL of up to
 * 64 MiB (85 MiB of base64), read as it streams in: the base64 is decoded chunk by chunk into the
 * file's bytes, and only the few bytes around it are parsed as JSON. The default parser would hold
 * the body as a string, copy it into a parsed one and decode it in one go on the event loop, each
 * step a 25 MB allocation and a pause for every other request (issue 16).
 *
 * The answer's `sheet` is an UploadedSheet; `sheet-file.ts` checks what the bytes are.
 */
export async function parseSheetBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
): Promise<unknown> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > SHEET_BODY_LIMIT) throw bodyTooLarge();
  const reader = new SheetBodyReader(declared);
  let received = 0;
  let sinceTurn = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > SHEET_BODY_LIMIT) throw bodyTooLarge();
    // A body handed over whole (inject, a proxy that buffers) is still read in slices, giving
    // the event loop a turn every few of them.
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      reader.write(bytes.subarray(at, at + SLICE_BYTES));
      sinceTurn += SLICE_BYTES;
      if (sinceTurn >= TURN_BYTES) {
        sinceTurn = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  return reader.end();
}

type Mode = 'outer' | 'outerString' | 'header' | 'base64' | 'percent';

/** A small state machine over the body's bytes (JSON is UTF-8; the data URL is ASCII). */
class SheetBodyReader {
  #mode: Mode = 'outer';
  /** The body with the sheet's string replaced by `0`, as UTF-8 pieces. */
  #outer: Buffer[] = [];
  #outerLength = 0;
  /** In 'outer': nesting depth, the last complete top-level string, and whether a ':' followed. */
  #depth = 0;
  #string: number[] = [];
  #escaped = false;
  #lastString: string | null = null;
  #afterKey = false;
  #header = '';
  /** Base64 characters waiting for their group of four. */
  #carry = '';
  #parts: Buffer[] = [];
  #decoded = 0;
  #percent: string[] = [];
  #percentLength = 0;
  #sheet: UploadedSheet | null = null;
  /** The file's bytes, sized from Content-Length (base64 is 4/3 of them) when it was sent. */
  #target: Buffer | null;

  constructor(declaredLength: number) {
    this.#target =
      Number.isFinite(declaredLength) && declaredLength > 0
        ? Buffer.allocUnsafe(Math.min(SHEET_MAX_BYTES, Math.ceil((declaredLength * 3) / 4)) + 3)
        : null;
  }

  write(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      switch (this.#mode) {
        case 'header':
        case 'base64':
        case 'percent':
          at = this.#sheetText(chunk, at);
          break;
        default:
          at = this.#outerBytes(chunk, at);
      }
    }
  }

  end(): unknown {
    if (this.#mode !== 'outer' || this.#depth !== 0) throw invalidJson();
    const text = Buffer.concat(this.#outer).toString('utf8');
    if (text.trim() === '') {
      throw invalidRequest('O corpo da requisição está vazio, mas foi declarado como JSON.');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJson();
    }
    if (this.#sheet && typeof body === 'object' && body !== null && !Array.isArray(body)) {
      (body as Record<string, unknown>).sheet = this.#sheet;
    }
    return body;
  }

  #keepOuter(bytes: Buffer): void {
    this.#outerLength += bytes.length;
    if (this.#outerLength > MAX_OUTER) throw invalidRequest(NOT_A_SPREADSHEET);
    this.#outer.push(bytes);
  }

  /** JSON outside the sheet's value: kept, with enough tracking to find `"sheet": "`. */
  #outerBytes(chunk: Buffer, from: number): number {
    for (let at = from; at < chunk.length; at++) {
      const byte = chunk[at]!;
      if (this.#mode === 'outerString') {
        if (this.#escaped) this.#escaped = false;
        else if (byte === BACKSLASH) this.#escaped = true;
        else if (byte === QUOTE) {
          this.#mode = 'outer';
          this.#lastString = Buffer.from(this.#string).toString('utf8');
          this.#string = [];
          continue;
        }
        if (this.#string.length < 64) this.#string.push(byte);
        continue;
      }
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
      if (byte === 0x3a /* : */) {
        this.#afterKey = this.#depth === 1 && this.#lastString === 'sheet';
        continue;
      }
      if (byte === QUOTE && this.#afterKey && this.#sheet === null && this.#parts.length === 0) {
        // The sheet's value begins: `0` stands in for it in the JSON kept.
        this.#keepOuter(chunk.subarray(from, at));
        this.#keepOuter(Buffer.from('0'));
        this.#afterKey = false;
        this.#mode = 'header';
        return at + 1;
      }
      this.#afterKey = false;
      this.#lastString = null;
      if (byte === QUOTE) this.#mode = 'outerString';
      else if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
        if (++this.#depth > MAX_JSON_DEPTH) throw jsonTooDeep();
      } else if (byte === 0x7d /* } */ || byte === 0x5d /* ] */) this.#depth--;
    }
    this.#keepOuter(chunk.subarray(from));
    return chunk.length;
  }

  /** Inside the sheet's string: the data URL's header, then its base64 or percent-encoded body. */
  #sheetText(chunk: Buffer, from: number): number {
    const quote = chunk.indexOf(QUOTE, from);
    const backslash = chunk.indexOf(BACKSLASH, from);
    if (backslash !== -1 && (quote === -1 || backslash < quote)) {
      // `\/` is the only escape a JSON encoder may put in a data URL: take the '/' as is.
      if (chunk[backslash + 1] !== 0x2f) throw invalidRequest(NOT_A_SPREADSHEET);
      this.#sheetPiece(chunk.subarray(from, backslash));
      this.#sheetPiece(Buffer.from('/'));
      return backslash + 2;
    }
    const end = quote === -1 ? chunk.length : quote;
    this.#sheetPiece(chunk.subarray(from, end));
    if (quote === -1) return chunk.length;
    this.#finishSheet();
    this.#mode = 'outer';
    return quote + 1;
  }

  #sheetPiece(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#mode === 'header') {
      const comma = piece.indexOf(0x2c /* , */);
      const head = piece.subarray(0, comma === -1 ? piece.length : comma).toString('latin1');
      this.#header += head;
      if (this.#header.length > MAX_HEADER) throw invalidRequest(NOT_A_SPREADSHEET);
      if (comma === -1) return;
      const base64 = this.#header
        .split(';')
        .slice(1)
        .some((param) => param.trim().toLowerCase() === 'base64');
      this.#mode = base64 ? 'base64' : 'percent';
      this.#sheetPiece(piece.subarray(comma + 1));
      return;
    }
    if (this.#mode === 'percent') {
      this.#percentLength += piece.length;
      if (this.#percentLength > 3 * SHEET_MAX_BYTES) throw tooLarge();
      this.#percent.push(piece.toString('latin1'));
      return;
    }
    let text = this.#carry + piece.toString('latin1');
    if (/[^A-Za-z0-9+/=_-]/.test(text)) text = text.replace(/[^A-Za-z0-9+/=_-]/g, '');
    const whole = text.length - (text.length % 4);
    this.#carry = text.slice(whole);
    if (whole > 0) this.#decode(text.slice(0, whole));
  }

  #decode(base64: string): void {
    // Four characters make at most three bytes: checked before decoding any more of it.
    if (this.#decoded + (base64.length / 4) * 3 - 2 > SHEET_MAX_BYTES) throw tooLarge();
    const room = this.#target ? this.#target.length - this.#decoded : 0;
    if (this.#target && room >= (base64.length / 4) * 3) {
      // Straight into the file's buffer: no intermediate copy of each chunk.
      this.#decoded += this.#target.write(base64, this.#decoded, 'base64');
      return;
    }
    if (this.#target) {
      this.#parts.push(this.#target.subarray(0, this.#decoded));
      this.#target = null; // the body was longer than it said: collect pieces from here on
    }
    const bytes = Buffer.from(base64, 'base64');
    this.#decoded += bytes.length;
    this.#parts.push(bytes);
  }

  #finishSheet(): void {
    if (this.#mode === 'header') {
      this.#sheet = new UploadedSheet(this.#header, null, null); // no comma: not a data URL
      return;
    }
    if (this.#mode === 'percent') {
      this.#sheet = new UploadedSheet(this.#header, null, this.#percent.join(''));
      return;
    }
    if (this.#carry !== '') this.#decode(this.#carry);
    const bytes = this.#target
      ? this.#target.subarray(0, this.#decoded)
      : Buffer.concat([...this.#parts]);
    this.#sheet = new UploadedSheet(this.#header, bytes, null);
    this.#parts = [];
    this.#target = null;
  }
}
