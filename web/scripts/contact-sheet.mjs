/**
 * Renders docs/screens/<name>-1280.webp and -375.webp side by side into one PNG per screen under
 * artifacts/contact/, with Chromium, so the committed WebP images can be checked in a PNG-only viewer.
 * Usage: node scripts/contact-sheet.mjs [name ...]   (default: every image pair in docs/screens)
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(web, 'docs', 'screens');
const out = join(web, 'artifacts', 'contact');
mkdirSync(out, { recursive: true });
const names =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [...new Set(readdirSync(docs).map((file) => file.replace(/-(375|1280)\.webp$/, '')))].sort();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
for (const name of names) {
  const img = (width) =>
    `data:image/webp;base64,${readFileSync(join(docs, `${name}-${width}.webp`)).toString('base64')}`;
  await page.setContent(
    `<body style="margin:0;display:flex;gap:8px;align-items:flex-start;background:#888"><img src="${img(1280)}"><img src="${img(375)}"></body>`,
  );
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
}
await browser.close();
console.log(`${names.length} contact sheets in ${out}`);
