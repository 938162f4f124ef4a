// The lottery's heavy string work on a thread of its own (pool-thread.ts, docs/lottery-api.md):
// a pool's ticket keys built, joined, hashed (SHA-256) and gzipped from the lines the app's thread
// read, and a stored pool gunzipped, hashed and read for its winning line and holders. At 540 000
// tickets these are 10 MB strings: built on the app's thread they held every desk 60–125 ms.
// Plain JavaScript, no app code: no TypeScript loader to start.
import { createHash, randomInt } from 'node:crypto';
import { Buffer } from 'node:buffer';
import { parentPort } from 'node:worker_threads';
import { gunzipSync, gzipSync } from 'node:zlib';

/** gzip level of a stored pool: 1 is 4–5× smaller than the text at a fraction of level 6's time. */
const GZIP_LEVEL = 1;

/**
 * A product's lines from their texts ('participant,order,line,quantity' joined with ';'), or
 * undefined when they are not strictly in order (participant, order, line).
 */
function parseLines({ product, texts }) {
  let count = 0;
  for (const text of texts) {
    for (let at = text.indexOf(';'); at !== -1; at = text.indexOf(';', at + 1)) count++;
    count++;
  }
  const participants = new Int32Array(count);
  const orders = new Int32Array(count);
  const quantities = new Int32Array(count);
  const field = [0, 0, 0, 0];
  let n = 0;
  let last = [0, 0, 0];
  for (const text of texts) {
    let f = 0;
    let value = 0;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 59; /* ';' */
      if (c >= 48 && c <= 57) value = value * 10 + c - 48;
      else if (c === 44 /* ',' */) {
        field[f++] = value;
        value = 0;
      } else if (c === 59) {
        field[f] = value;
        value = 0;
        f = 0;
        const later =
          field[0] - last[0] || field[1] - last[1] || field[2] - last[2] || (n === 0 ? 1 : 0);
        if (later <= 0) return undefined;
        last = [field[0], field[1], field[2]];
        participants[n] = field[0];
        orders[n] = field[1];
        quantities[n] = field[3];
        n++;
      }
    }
  }
  return { product, participants, orders, quantities };
}

/**
 * The products' lines (each list sorted by participant, order, line) merged in the canonical order
 * (participant, order, product): a heap of each list's next line.
 */
function merge(lists) {
  const heads = lists
    .filter((list) => list.participants.length > 0)
    .map((list) => ({ list, at: 0 }));
  const cmp = (a, b) =>
    a.list.participants[a.at] - b.list.participants[b.at] ||
    a.list.orders[a.at] - b.list.orders[b.at] ||
    a.list.product - b.list.product;
  const down = (from) => {
    for (let i = from; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heads.length && cmp(heads[l], heads[least]) < 0) least = l;
      if (r < heads.length && cmp(heads[r], heads[least]) < 0) least = r;
      if (least === i) return;
      [heads[i], heads[least]] = [heads[least], heads[i]];
      i = least;
    }
  };
  for (let i = Math.floor(heads.length / 2) - 1; i >= 0; i--) down(i);
  let total = 0;
  for (const list of lists) total += list.participants.length;
  const participant = new Int32Array(total);
  const order = new Int32Array(total);
  const product = new Int32Array(total);
  const quantity = new Int32Array(total);
  let n = 0;
  while (heads.length > 0) {
    const head = heads[0];
    const { list, at } = head;
    participant[n] = list.participants[at];
    order[n] = list.orders[at];
    product[n] = list.product;
    quantity[n] = list.quantities[at];
    n++;
    head.at += 1;
    if (head.at === list.participants.length) {
      heads[0] = heads[heads.length - 1];
      heads.pop();
    }
    down(0);
  }
  return { participant, order, product, quantity, n };
}

/** The longest key: 'p' + 10 digits + ':o' + 10 + ':i' + 10 + ':' + 10, and its '\n'. */
const KEY_MAX = 46;

/** How many digits a non-negative 32-bit integer has. */
const width = (value) =>
  value < 1e5
    ? value < 100
      ? value < 10
        ? 1
        : 2
      : value < 1e3
        ? 3
        : value < 1e4
          ? 4
          : 5
    : value < 1e7
      ? value < 1e6
        ? 6
        : 7
      : value < 1e8
        ? 8
        : value < 1e9
          ? 9
          : 10;

/**
 * The pool's text (its keys one a line, no final newline) written as bytes at once: built as
 * 540 000 strings and joined, the keys took 0.7–1.3 s; written as digits, a tenth of that.
 */
class Keys {
  constructor(most) {
    this.bytes = Buffer.allocUnsafe(Math.max(1, most * KEY_MAX));
    this.starts = new Int32Array(most);
    this.size = 0;
    this.at = 0;
  }
  digits(value) {
    const { bytes } = this;
    let end = (this.at += width(value));
    let rest = value;
    do {
      const next = (rest / 10) | 0;
      bytes[--end] = 48 + rest - next * 10;
      rest = next;
    } while (rest > 0);
  }
  char(code) {
    this.bytes[this.at++] = code;
  }
  /** A key starts: its line's newline first (but the first). */
  start() {
    if (this.size > 0) this.char(10);
    this.starts[this.size++] = this.at;
  }
  /** 'p{participant}' */
  accredited(participant) {
    this.start();
    this.char(112);
    this.digits(participant);
  }
  /** 'p{participant}:o{order}:i{product}:{unit}' */
  ticket(participant, order, product, unit) {
    this.start();
    this.char(112);
    this.digits(participant);
    this.char(58);
    this.char(111);
    this.digits(order);
    this.char(58);
    this.char(105);
    this.digits(product);
    this.char(58);
    this.digits(unit);
  }
  text() {
    return this.bytes.subarray(0, this.at);
  }
  keyAt(index) {
    const end = index + 1 < this.size ? this.starts[index + 1] - 1 : this.at;
    return this.bytes.toString('latin1', this.starts[index], end);
  }
}

/** The keys of a products pool in canonical order (docs/lottery-api.md, 'The pool'). */
function productKeys(lists, excluded) {
  const { participant, order, product, quantity, n } = merge(lists);
  let most = 0;
  for (let i = 0; i < n; i++) most += quantity[i];
  const keys = new Keys(most);
  for (let at = 0; at < n;) {
    let end = at + 1;
    let top = quantity[at];
    // Lines of one order and product (two lines of a product) give their units in unit order.
    while (
      end < n &&
      participant[end] === participant[at] &&
      order[end] === order[at] &&
      product[end] === product[at]
    ) {
      top = Math.max(top, quantity[end]);
      end++;
    }
    if (!excluded.has(participant[at])) {
      for (let unit = 1; unit <= top; unit++) {
        for (let i = at; i < end; i++) {
          if (quantity[i] >= unit) keys.ticket(participant[at], order[at], product[at], unit);
        }
      }
    }
    at = end;
  }
  return keys;
}

/**
 * Pools being read: session → product → its lines parsed (null: not in order). Each product is
 * parsed here as soon as the app's thread has read it, while that thread reads the next.
 */
const sessions = new Map();

function lines({ session, product, texts }) {
  if (!sessions.has(session)) sessions.set(session, new Map());
  sessions.get(session).set(product, parseLines({ product, texts }) ?? null);
  return {};
}

function drop({ session }) {
  sessions.delete(session);
  return {};
}

function build({ session, products, accredited, excluded, pick, gzip }) {
  const out = new Set(excluded);
  let keys;
  if (accredited) {
    keys = new Keys(accredited.length);
    for (const id of accredited) if (!out.has(id)) keys.accredited(id);
  } else {
    const read = sessions.get(session) ?? new Map();
    const parsed = [];
    for (const product of products) {
      const list = read.get(product);
      if (list === null) return { unordered: product };
      if (list === undefined) throw new Error(`Produto ${product} não lido.`);
      parsed.push(list);
    }
    sessions.delete(session);
    keys = productKeys(parsed, out);
  }
  const bytes = keys.text();
  const answer = { size: keys.size, hash: createHash('sha256').update(bytes).digest('hex') };
  if (pick && keys.size > 0) {
    answer.index = randomInt(keys.size);
    answer.key = keys.keyAt(answer.index);
  }
  if (gzip) answer.gzip = gzipSync(bytes, { level: GZIP_LEVEL });
  return answer;
}

/** A stored pool's bytes: its gzip (unreadable: undefined) or, stored before it, its text. */
function storedBytes({ gzip, text }) {
  if (gzip === undefined || gzip === null) return Buffer.from(text ?? '');
  try {
    return gunzipSync(gzip);
  } catch {
    return undefined;
  }
}

/** The participant a ticket key names ('p12' or 'p12:o3:i4:1'), or NaN. */
function holderOf(bytes, start, end) {
  if (bytes[start] !== 0x70 /* p */) return NaN;
  let id = 0;
  let at = start + 1;
  for (; at < end && bytes[at] >= 0x30 && bytes[at] <= 0x39; at++) id = id * 10 + bytes[at] - 0x30;
  return at === start + 1 ? NaN : id;
}

/** The stored pool's holders (participant → tickets) and its line at `index`. */
function readStored(bytes, index) {
  const counts = new Map();
  let line;
  let n = 0;
  for (let start = 0; start <= bytes.length; n++) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const holder = holderOf(bytes, start, end);
    if (!Number.isNaN(holder)) counts.set(holder, (counts.get(holder) ?? 0) + 1);
    if (n === index) line = bytes.toString('utf8', start, end);
    start = end + 1;
  }
  return { counts, line };
}

function checks({ stored, index }) {
  const bytes = storedBytes(stored);
  if (bytes === undefined) return { hash: '', line: '', holders: 0 };
  const { counts, line } = readStored(bytes, index);
  return {
    hash: createHash('sha256').update(bytes).digest('hex'),
    line: line ?? '',
    holders: counts.size,
  };
}

function holders({ stored, direction, start, count }) {
  const bytes = storedBytes(stored);
  if (bytes === undefined) return { total: 0, rows: [] };
  const { counts } = readStored(bytes, -1);
  const sign = direction === 'desc' ? -1 : 1;
  const rows = [...counts]
    .sort(([a, na], [b, nb]) => sign * (na - nb) || a - b)
    .slice(start, start + count);
  return { total: counts.size, rows };
}

const work = { lines, drop, build, checks, holders };

parentPort.on('message', ({ id, op, input }) => {
  try {
    const answer = work[op](input);
    const transfer = [answer.gzip]
      .filter((bytes) => bytes !== undefined && bytes.byteLength === bytes.buffer.byteLength)
      .map((bytes) => bytes.buffer);
    parentPort.postMessage({ id, answer }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
