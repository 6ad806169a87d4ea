/**
 * SDK clients pointed at the Pact mock server. Tokens start in a memory store so each test begins
 * in the session it needs; cross-tab locks are off (there are no tabs in Node).
 */
import { readFileSync } from 'node:fs';
import { createClient, MemoryTokenStore, type Tokens } from '@matchmaker/sdk';
import { ADMIN, MEMBER } from '../../src/examples';

interface Server {
  url: string;
}

/** A short time limit: the mock server answers at once, and a hang should fail fast. */
const TIMEOUT_MS = 5_000;

export function anonymousClient(server: Server) {
  return createClient({ baseURL: server.url, locks: null, timeoutMs: TIMEOUT_MS });
}

export function clientWith(server: Server, tokens: Tokens) {
  return createClient({
    baseURL: server.url,
    tokenStore: new MemoryTokenStore(tokens),
    locks: null,
    timeoutMs: TIMEOUT_MS,
  });
}

export const memberClient = (server: Server) =>
  clientWith(server, { accessToken: MEMBER.accessToken, refreshToken: MEMBER.refreshToken });

export const adminClient = (server: Server) =>
  clientWith(server, { accessToken: ADMIN.accessToken, refreshToken: 'admin-refresh-token' });

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

/** A 1x1 PNG: profile photos and chat files. */
export const PHOTO_PNG = fixture('photo.png');
/** A tiny PDF: KYC documents. */
export const DOCUMENT_PDF = fixture('document.pdf');
