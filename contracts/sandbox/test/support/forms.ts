/** The simulated pages' forms, submitted the way a browser does: a urlencoded POST. */

/**
 * POSTs the URL's query string as a form body to the URL's path (tests write the fields as a
 * query, which reads well), without following the redirect.
 */
export function submitForm(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const parsed = new URL(url);
  const body = parsed.searchParams.toString();
  parsed.search = '';
  return fetch(parsed, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}
