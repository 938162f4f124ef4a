import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printDocument } from '../src/printing/queue.ts';
import { bearer, createUser, login } from './helpers/fixtures.ts';
import { selectNewEvent } from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/** Compressed answers (docs/api-foundation.md, 'Compression'): what a browser asking for gzip or br gets. */
const ORDERS = 300;

let t: TestContext;
let base: string;
let reporter: Record<string, string>;
let eventId: number;

const decode: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
};

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  const user = await createUser(t.db, { permissions: ['Report'] });
  reporter = bearer((await login(t.app, user)).access_token);
  const at = '2025-03-10T12:00:00.000Z';
  await t.db
    .insertInto('orders')
    .values(
      Array.from({ length: ORDERS }, (_, index) => ({
        event_id: eventId,
        state: 'PAGO' as const,
        participant_id: null,
        cpf: String(10_000_000_000 + index),
        customer_name: `Cliente ${index}`,
        associated_at: null,
        seller_id: null,
        cashier_id: null,
        total_cents: 150,
        coupon_id: null,
        coupon_name: null,
        coupon_percent_bp: null,
        paid_at: at,
        delivered_at: null,
        delivered_by: null,
        refunded_at: null,
        refund_reason: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A GET over a real socket, the bytes as they came (fetch would decompress them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${base}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('answers compressed as the client asks', () => {
  const page = () => `/api/reports/carrinhos/pagos?eventId=${eventId}&por_pagina=100`;

  it.each(['gzip', 'br'])(
    'a report page (JSON) in %s decompresses to the same answer',
    async (encoding) => {
      const plain = await t.app.inject({ url: page(), headers: reporter });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('Cliente 0');

      const packed = await t.app.inject({
        url: page(),
        headers: { ...reporter, 'accept-encoding': `${encoding}, identity` },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode[encoding]!(packed.rawPayload).toString('utf8')).toBe(plain.body);
    },
  );

  it.each(['gzip', 'br'])(
    'a streamed CSV download in %s decompresses to the same file',
    async (encoding) => {
      const url = `/api/reports/carrinhos/pagos/csv?eventId=${eventId}`;
      const plain = await rawGet(url, reporter);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const text = plain.body.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.split('\r\n')).toHaveLength(1 + ORDERS + 1 + 1);

      const packed = await rawGet(url, { ...reporter, 'accept-encoding': encoding });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(packed.headers['content-disposition']).toContain('attachment');
      expect(packed.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode[encoding]!(packed.body).toString('utf8')).toBe(text);
    },
  );

  it('prefers br when the browser accepts both, as Chromium asks', async () => {
    const packed = await t.app.inject({
      url: page(),
      headers: { ...reporter, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(packed.headers['content-encoding']).toBe('br');
  });
});

describe('answers left as they are', () => {
  it('a small answer (under 1 KB) is not compressed', async () => {
    const health = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('a PDF is sent as it is, even when the client accepts gzip', async () => {
    // Text-like, so a compressor would shrink it: sent whole shows it was not touched.
    const pdf = Buffer.from(`%PDF-1.4\n${'% linha de teste do crachá\n'.repeat(400)}%%EOF\n`);
    const user = await createUser(t.db);
    const outcome = await printDocument(t.db, t.clock.now(), {
      user,
      service: 'DELIVERY',
      kind: 'badge',
      title: 'Crachá',
      pdf,
    });
    if (!('filename' in outcome)) throw new Error('expected a filename');
    const file = await t.app.inject({
      url: `/api/prints/files/${outcome.filename}`,
      headers: {
        ...bearer((await login(t.app, user)).access_token),
        'accept-encoding': 'gzip, br',
      },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });
});
