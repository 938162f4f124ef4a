import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificates } from './psp-emulator.ts';

/**
 * What stands in front of Balcão in production, for the PSP's webhook: a TLS terminator that asks
 * the caller for a client certificate of the PSP's CA (the standard's mutual TLS on the callback)
 * and forwards to the API over plain http. PUBLIC_URL is its https:// address.
 */
export interface HttpsFront {
  url: string;
  /** Where requests go (the API's http:// address); may be set after the front starts. */
  target: string;
  close(): Promise<void>;
}

export async function startHttpsFront(
  certificates: TestCertificates,
  target = '',
): Promise<HttpsFront> {
  const front: HttpsFront = { url: '', target, close: () => close(server) };
  const server: Server = createServer(
    {
      key: certificates.serverKeyPem,
      cert: certificates.serverCertPem,
      ca: [certificates.caPem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const forward = httpRequest(
        new URL(request.url ?? '/', front.target),
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.writeHead(502).end());
      request.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return front;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
