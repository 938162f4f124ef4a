import { request } from 'node:http';

// Many clients on one machine: every 127.0.0.x address is on the loopback interface, so a request
// bound to one (`localAddress`) reaches a server listening on 127.0.0.1 from that address, as a
// desk or an attacker elsewhere would (the server sees it as `request.ip`).

export interface LoopbackAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/** The n-th loopback client address (1 to 254): 127.0.0.2, 127.0.0.3... */
export const loopbackAddress = (n: number): string => `127.0.0.${n + 1}`;

/** One JSON POST to `baseUrl` (a server on 127.0.0.1) from the source address `from`. */
export function postFrom(
  baseUrl: string,
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<LoopbackAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      new URL(path, baseUrl),
      {
        method: 'POST',
        localAddress: from,
        agent: false, // a connection of its own, from its own address
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
