/**
 * A random key for the Idempotency-Key header (one per click). Built from getRandomValues because
 * crypto.randomUUID exists only in secure contexts, and a venue's desks often reach the server
 * over plain http on the local network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
