import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface SinkError {
  message: string | null;
  raw: string;
}

async function sinkErrors(): Promise<SinkError[]> {
  const answer = await fetch(`${app.url}/sandbox/errors`, { headers: { accept: 'application/json' } });
  return ((await answer.json()) as { errors: SinkError[] }).errors;
}

describe('error reporting (production build) goes to the sandbox sink, scrubbed', () => {
  it('reports an uncaught error with environment production and no email or token in it', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Errors matching the ignore list are dropped; a real one arrives.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Not logged in');
      });
      setTimeout(() => {
        throw new Error("Cannot read properties of undefined (reading 'x')");
      });
      setTimeout(() => {
        throw new Error('Checkout broke for member1@sandbox.test with access_token=secret-token-1');
      }, 50);
    });
    await expect.poll(async () => (await sinkErrors()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const errors = await sinkErrors();
    expect(errors.map((error) => error.message)).toEqual([
      'Error: Checkout broke for [Filtered] with access_token=[Filtered]',
    ]);
    const raw = errors[0]?.raw ?? '';
    expect(raw).toContain('"environment":"production"');
    expect(raw).not.toContain('member1@sandbox.test');
    expect(raw).not.toContain('secret-token-1');
  });
});
