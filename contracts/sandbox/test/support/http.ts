/** Raw HTTP for tests that must send what fetch will not (a foreign Host header) or read raw answers. */
import { request } from 'node:http';
import { DEMO_PASSWORD } from '../../src/server';
import { pathOf } from './paths';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body's bytes as sent (a compressed answer is not decompressed). */
  body: Buffer;
}

/** One request with exactly the given headers (Host included). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString(), body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** An access token of a demo account, from a plain login call. */
export async function accessToken(baseUrl: string, who: string): Promise<string> {
  const answer = await fetch(`${baseUrl}${pathOf('accounts.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.includes('@') ? who : `${who}@sandbox.test`, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`login of ${who} answered ${answer.status}`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  return token;
}

/** A JSON call with a bearer token; answers the status and the parsed body. */
export async function call(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await answer.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: answer.status, body: parsed };
}
