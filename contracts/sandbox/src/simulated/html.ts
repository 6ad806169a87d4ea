/** A tiny HTML shell for the sandbox's own pages (home, outbox, consent, checkout). */

export const escapeHtml = (text: unknown): string =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Matchmaker sandbox</title>
<style>
  body { font-family: system-ui, -apple-system, Segoe UI, sans-serif; margin: 0; background: #f6f5f2; color: #222; }
  header { background: #5b3a8e; color: #fff; padding: 14px 24px; }
  header a { color: #fff; margin-right: 16px; text-decoration: none; font-weight: 600; }
  main { max-width: 960px; margin: 24px auto; padding: 0 24px; }
  h1 { font-size: 1.5rem; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #e4e1da; vertical-align: top; }
  code { background: #efedf5; padding: 1px 4px; border-radius: 3px; }
  .card { background: #fff; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; box-shadow: 0 1px 2px rgba(0,0,0,.06); }
  .button { display: inline-block; background: #5b3a8e; color: #fff; border: 0; border-radius: 6px; padding: 10px 18px; font-size: 1rem; cursor: pointer; text-decoration: none; }
  .button.secondary { background: #888; }
  pre { white-space: pre-wrap; background: #faf9f7; padding: 10px; border-radius: 6px; }
  .muted { color: #777; }
</style>
</head>
<body>
<header><a href="/sandbox">Matchmaker sandbox</a><a href="/sandbox/outbox">Outbox</a><a href="/sandbox/errors?format=html">Errors</a><a href="/sandbox/checkout?plan_id=plan-premium">Checkout</a><a href="/sandbox/oauth/authorize">Social sign-in</a></header>
<main>
${body}
</main>
</body>
</html>`;
}
