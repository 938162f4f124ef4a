/**
 * Random ids made in the browser, from getRandomValues because crypto.randomUUID exists only in
 * secure contexts, and a venue's desks often reach the server over plain http on the local network.
 */
const randomBytes = (): Uint8Array => crypto.getRandomValues(new Uint8Array(16));

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A random key for the Idempotency-Key header (one per click). */
export function newIdempotencyKey(): string {
  return hex(randomBytes());
}

/** A version 4 UUID: the id an offline desk gives each queued action (docs/offline-desk.md). */
export function newClientId(): string {
  const bytes = randomBytes();
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
