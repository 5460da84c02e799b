import { request } from 'undici';

const HEADERS = { 'x-forwarded-proto': 'https' };

/** One JSON call to the platform as the benches' setup makes it (behind TRUST_PROXY: https forwarded); throws on >= 300. */
export async function jsonCall(
  base: string,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Record<string, any>> {
  const res = await request(`${base}${path}`, {
    method: method as 'GET',
    headers: {
      ...HEADERS,
      ...(key ? { 'x-api-key': key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as Record<string, any>;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
}
