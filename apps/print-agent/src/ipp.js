/**
 * Just enough IPP (RFC 8010) to ask CUPS about a job or a printer: a request with operation
 * attributes, and a response read into plain attribute lists. No printing goes through here; `lp`
 * does that.
 */

/** @typedef {string | number | boolean | null} IppValue */
/** @typedef {Record<string, IppValue[]>} IppAttributes */
/** @typedef {{ status: number, groups: IppAttributes[] }} IppResponse */

export const OPERATION = /** @type {const} */ ({
  getJobAttributes: 0x0009,
  getPrinterAttributes: 0x000b,
});

const TAG = /** @type {const} */ ({
  operationAttributes: 0x01,
  end: 0x03,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  uri: 0x45,
  keyword: 0x44,
  charset: 0x47,
  naturalLanguage: 0x48,
});

/** @param {number} tag @param {string} name @param {Buffer} value */
function attribute(tag, name, value) {
  const header = Buffer.alloc(3);
  header.writeUInt8(tag, 0);
  header.writeUInt16BE(Buffer.byteLength(name), 1);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(value.length, 0);
  return Buffer.concat([header, Buffer.from(name), length, value]);
}

/**
 * @param {number} operation
 * @param {{ uri: [string, string], requested: string[] }} attributes the target (printer-uri or
 *   job-uri and its value) and the attributes wanted back
 */
export function encodeRequest(operation, { uri, requested }) {
  const head = Buffer.alloc(8);
  head.writeUInt16BE(0x0200, 0); // IPP 2.0
  head.writeUInt16BE(operation, 2);
  head.writeUInt32BE(1, 4); // request-id: one request per connection
  return Buffer.concat([
    head,
    Buffer.from([TAG.operationAttributes]),
    attribute(TAG.charset, 'attributes-charset', Buffer.from('utf-8')),
    attribute(TAG.naturalLanguage, 'attributes-natural-language', Buffer.from('en')),
    attribute(TAG.uri, uri[0], Buffer.from(uri[1])),
    // Further values of the same attribute have an empty name.
    ...requested.map((name, index) =>
      attribute(TAG.keyword, index === 0 ? 'requested-attributes' : '', Buffer.from(name)),
    ),
    Buffer.from([TAG.end]),
  ]);
}

/** @param {number} tag @param {Buffer} value @returns {IppValue} */
function decodeValue(tag, value) {
  if (tag === TAG.integer || tag === TAG.enum)
    return value.length === 4 ? value.readInt32BE(0) : null;
  if (tag === TAG.boolean) return value[0] === 1;
  // Text, names, keywords, URIs and the like are UTF-8. Out-of-band values (no value, unknown),
  // dates, ranges and collections are not needed here.
  if (tag >= 0x41 && tag <= 0x4a) return value.toString('utf8');
  return null;
}

/**
 * Reads a response into one attribute list per group (operation, then job or printer groups).
 * @param {Buffer} data
 * @returns {IppResponse}
 */
export function decodeResponse(data) {
  if (data.length < 8) throw new Error('resposta IPP incompleta');
  const status = data.readUInt16BE(2);
  /** @type {IppAttributes[]} */
  const groups = [];
  /** @type {IppAttributes | null} */
  let group = null;
  let name = '';
  let offset = 8;
  while (offset < data.length) {
    const tag = data.readUInt8(offset++);
    if (tag === TAG.end) break;
    if (tag < 0x10) {
      group = {};
      groups.push(group);
      continue;
    }
    if (offset + 2 > data.length) throw new Error('resposta IPP truncada');
    const nameLength = data.readUInt16BE(offset);
    offset += 2;
    if (nameLength > 0) name = data.toString('utf8', offset, offset + nameLength);
    offset += nameLength;
    const valueLength = data.readUInt16BE(offset);
    offset += 2;
    const value = data.subarray(offset, offset + valueLength);
    offset += valueLength;
    if (!group) throw new Error('resposta IPP sem grupo de atributos');
    (group[name] ??= []).push(decodeValue(tag, value));
  }
  return { status, groups };
}
