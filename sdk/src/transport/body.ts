/**
 * Parses an answer body. ofetch's default parser (destr) regex-scans every body before parsing;
 * JSON.parse is native. A JSON `__proto__` key becomes an own property, never a prototype, and zod
 * copies it as data. Bodies that are not JSON (an HTML error page from a proxy) stay text, and an
 * empty body is undefined.
 */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
