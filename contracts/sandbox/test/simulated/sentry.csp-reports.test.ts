import { describe, expect, it } from 'vitest';
import { json, sandbox } from '../support/sandbox';

interface Listed {
  type: string;
  message: string;
  project_id: string;
  raw: string;
}

async function errors(url: string): Promise<Listed[]> {
  return (await json<{ errors: Listed[] }>(await fetch(`${url}/sandbox/errors`))).errors;
}

describe("Sentry's security endpoint (the web build's CSP report-uri)", () => {
  it('keeps a report-uri violation report beside the errors, named by what was blocked', async () => {
    const box = await sandbox({ failRate: 1 });
    const report = {
      'csp-report': {
        'document-uri': `${box.url}/account/login`,
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        disposition: 'enforce',
      },
    };
    const sent = await fetch(`${box.url}/api/1/security/?sentry_key=sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    // failRate 1 fails every API call: the report sink, like the envelope sink, is another service.
    expect(sent.status).toBe(204);
    const [kept] = await errors(box.url);
    expect(kept).toMatchObject({
      type: 'csp-violation',
      project_id: '1',
      message: `Blocked 'inline' by script-src-elem on ${box.url}/account/login`,
    });
    expect(kept?.raw).toContain('"disposition":"enforce"');
  });

  it("takes the Reporting API's list too, and refuses what is no report", async () => {
    const box = await sandbox();
    const reports = [
      {
        type: 'csp-violation',
        body: { blockedURL: 'eval', effectiveDirective: 'script-src', documentURL: '' },
      },
      { type: 'deprecation', body: { id: 'x' } },
    ];
    const sent = await fetch(`${box.url}/api/1/security/`, {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json' },
      body: JSON.stringify(reports),
    });
    expect(sent.status).toBe(204);
    expect((await errors(box.url)).map((error) => error.message)).toEqual(["Blocked 'eval' by script-src"]);
    const junk = await fetch(`${box.url}/api/1/security/`, { method: 'POST', body: 'not json' });
    expect(junk.status).toBe(400);
    expect(await errors(box.url)).toHaveLength(1);
  });
});
