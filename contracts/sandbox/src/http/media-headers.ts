/**
 * Headers of every file the sandbox serves (avatars, uploads, chat files, KYC documents). Files
 * come from members (an SVG can carry script) and are served from the API's own origin, where the
 * tokens live: a CSP sandbox keeps anything in them from running with that origin, and nosniff
 * keeps browsers from reading them as another type. Inline styles stay allowed, so an SVG opened
 * on its own still draws as it does in an <img>.
 */
import type { FastifyReply } from 'fastify';

export const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

export function setMediaHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', MEDIA_CSP).header('x-content-type-options', 'nosniff');
}
