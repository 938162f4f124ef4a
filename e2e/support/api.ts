/**
 * A tiny client for reading results back through the real HTTP API, to assert what the screens
 * did (and to get a token for those reads). Tests never prepare data with it: every state is
 * reached through the screens (support/screens.ts). A string body is sent form-encoded, else JSON.
 */
export function apiClient(baseUrl: string) {
  return async function api(
    token: string | null,
    method: string,
    path: string,
    body?: string | object,
  ) {
    const form = typeof body === 'string';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined
          ? {}
          : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
