/**
 * The OpenAPI document against the sandbox, property-based (fast-check): for every operation, as
 * the member and as the admin, generated requests the document allows and requests that break one
 * of its rules. Every answer must be a documented status that is not a 5xx, with a body matching
 * that status's schema; every request breaking a rule must be refused (4xx). This is what a
 * backend team's Schemathesis run checks, and it keeps the document in step with what the sandbox
 * does, not only with the SDK.
 *
 * `CONFORMANCE_RUNS` (valid requests per operation and actor; default 10) and `CONFORMANCE_SEED`
 * change the run; a failure prints the seed and the shrunk request that reproduces it.
 */
import { readFileSync } from 'node:fs';
import { startSandbox } from '@matchmaker/sandbox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentChecker } from '../../src/conformance/document-checker';
import type { Schema, SchemaContext } from '../../src/conformance/json-arbitrary';
import {
  invalidProbes,
  type Operation,
  operationsOf,
  type PathValues,
  type Probe,
  requestOf,
  validProbes,
} from '../../src/conformance/operations';
import { OPENAPI_FILE } from '../../src/openapi/document';

const document = JSON.parse(readFileSync(new URL(`../../${OPENAPI_FILE}`, import.meta.url), 'utf8'));
const context: SchemaContext = { components: document.components.schemas as Record<string, Schema> };
const operations = operationsOf(document);
const checker = new DocumentChecker(document);

const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 10);
const SEED = Number(process.env.CONFORMANCE_SEED ?? 20260101);
const ACTORS = { member: 'member1@sandbox.test', admin: 'admin@sandbox.test' } as const;
type Actor = keyof typeof ACTORS;

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
/** The actors' ids: a probe may change their emails, never their ids. */
const actorIds = new Map<Actor, string>();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  for (const actor of Object.keys(ACTORS) as Actor[]) {
    const user = sandbox.world.store.userByEmail(ACTORS[actor]);
    if (!user) throw new Error(`conformance: no seeded ${actor}`);
    actorIds.set(actor, user.keycloakId);
  }
});
afterAll(() => sandbox?.close());

function userOf(actor: Actor) {
  const user = sandbox.world.store.user(actorIds.get(actor));
  if (!user) throw new Error(`conformance: the ${actor} is gone`);
  return user;
}

/**
 * A fresh token of the actor, whatever the last request did to it (logged it out, suspended,
 * deleted or demoted it, changed its password): each probe starts from the same account.
 */
function tokenOf(actor: Actor): string {
  const user = userOf(actor);
  user.status = 'active';
  user.is_deleted = false;
  user.roles = actor === 'admin' ? ['Admin', 'offline_access'] : ['General'];
  return sandbox.world.auth.issue(user).access_token;
}

/** Ids of seeded records by what a path parameter names, so probes reach records, not only 404s. */
const pathValues: PathValues = (operation, parameter) => {
  const data = sandbox.world.store.data;
  const member = userOf('member').keycloakId;
  const [service] = operation.id.split('.');
  if (parameter === 'filename')
    return [...Object.keys(data.images).slice(0, 5), ...Object.keys(data.chatFiles).slice(0, 3)];
  if (parameter === 'room') return Object.keys(data.rooms).slice(0, 5);
  if (parameter === 'code') return data.features.map((feature) => feature.code);
  if (parameter === 'requestId') return data.kycRequests.slice(0, 5).map((request) => request.id);
  if (parameter === 'userId') return [member, userOf('admin').keycloakId];
  if (service === 'alerts')
    return data.notifications
      .filter((n) => n.user_id === member)
      .slice(0, 5)
      .map((n) => n.id);
  if (service === 'recommendations')
    return data.recommendations
      .filter((r) => r.user_id === member)
      .slice(0, 5)
      .map((r) => r.id);
  if (service === 'payments') return data.plans.map((plan) => plan.id);
  if (operation.id === 'kyc.getDocument') return Object.keys(data.kycDocuments).slice(0, 5);
  if (service === 'kyc') return data.kycRequests.slice(0, 5).map((request) => request.id);
  return [member, ...Object.keys(data.users).slice(0, 4)];
};

/** Whether the operation answers a file rather than JSON. */
const isBinary = (operation: Operation): boolean =>
  Object.hasOwn((operation.responses['200']?.content ?? {}) as object, '*/*');

async function send(operation: Operation, probe: Probe, actor: Actor) {
  const { url, init } = requestOf(sandbox.url, operation, probe, tokenOf(actor));
  const response = await fetch(url, init);
  if (response.status === 200 && isBinary(operation)) {
    const bytes = (await response.arrayBuffer()).byteLength;
    return { status: bytes > 0 ? 200 : 599, headers: response.headers, body: undefined };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: the checker reports it against the status's schema.
  }
  return { status: response.status, headers: response.headers, body };
}

const describeProbe = (probe: Probe) =>
  JSON.stringify({ ...probe, body: probe.rawBody ?? probe.body }, (_key, value) =>
    typeof value === 'string' && value.length > 80 ? `${value.slice(0, 40)}...(${value.length})` : value,
  );

describe(`the sandbox against ${OPENAPI_FILE}`, () => {
  it('covers every operation of the document', () => {
    expect(operations).toHaveLength(92);
  });

  for (const operation of operations) {
    describe(`${operation.method} ${operation.path} (${operation.id})`, () => {
      for (const actor of Object.keys(ACTORS) as Actor[]) {
        it(`answers what the document allows, as the ${actor}`, async () => {
          await fc.assert(
            fc.asyncProperty(validProbes(operation, context, pathValues), async (probe) => {
              // A generated request the document refuses is the document's fault (or the
              // generator's): either way the run proves nothing until it is fixed.
              const refused = checker.requestProblems(operation, probe);
              if (refused.length > 0)
                throw new Error(
                  `the document refuses a request generated as valid: ${refused.join('; ')}\nrequest: ${describeProbe(probe)}`,
                );
              const answer = await send(operation, probe, actor);
              const problems = checker.problems(operation, answer.status, answer.headers, answer.body);
              if (problems.length > 0)
                throw new Error(
                  `${problems.join('; ')}\nrequest: ${describeProbe(probe)}\nanswer: ${JSON.stringify(answer.body)}`,
                );
            }),
            { numRuns: RUNS, seed: SEED },
          );
        });

        const invalid = invalidProbes(operation, context, pathValues);
        if (!invalid) continue;
        it(`refuses every request that breaks a documented rule, as the ${actor}`, async () => {
          await fc.assert(
            fc.asyncProperty(invalid, async (probe) => {
              fc.pre(checker.breaksTheDocument(operation, probe));
              const answer = await send(operation, probe, actor);
              const problems = checker.problems(operation, answer.status, answer.headers, answer.body);
              if (answer.status < 400)
                problems.unshift(`accepted (${answer.status}) a request with ${probe.broken}`);
              if (problems.length > 0)
                throw new Error(
                  `${problems.join('; ')}\nrequest: ${describeProbe(probe)}\nanswer: ${JSON.stringify(answer.body)}`,
                );
            }),
            { numRuns: Math.max(1, Math.ceil(RUNS / 2)), seed: SEED },
          );
        });
      }
    });
  }
});
