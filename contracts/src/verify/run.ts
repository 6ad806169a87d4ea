/**
 * Verifies pacts with the Pact verifier, against an in-process sandbox or any running backend: the
 * HTTP pacts over HTTP, the realtime pacts over socket.io (socket-messages.ts), both with their
 * provider states set up through the state-change endpoint.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningSandbox, startSandbox } from '@matchmaker/sandbox';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { isProviderName, type ProviderName, pactFileName, REALTIME_PROVIDERS } from '../names';
import { readPactFile } from '../pact-file';
import type { VerifyArgs } from './args';
import { forwardingStateHandlers, proxyRequestFilter } from './hooks';
import { StateJournal, socketMessageProviders } from './socket-messages';

export interface ProviderResult {
  provider: ProviderName;
  ok: boolean;
  error?: string;
}

const isRealtime = (provider: ProviderName) => (REALTIME_PROVIDERS as readonly string[]).includes(provider);

async function verifyOne(
  args: VerifyArgs,
  provider: ProviderName,
  baseUrl: string,
  sandbox: RunningSandbox | undefined,
): Promise<ProviderResult> {
  const file = join(args.pactDir, pactFileName(provider));
  if (!existsSync(file)) return { provider, ok: false, error: `no pact file ${file}` };
  const pact = readPactFile(file);
  if (!isProviderName(pact.provider.name) || pact.provider.name !== provider) {
    return { provider, ok: false, error: `${file} is the pact of ${pact.provider.name}` };
  }
  const stateUrl = args.stateUrl ?? (sandbox ? `${sandbox.url}/_pact/state` : undefined);
  const journal = new StateJournal();
  const options: VerifierOptions = {
    provider,
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    stateHandlers: forwardingStateHandlers(pact, stateUrl, journal),
    logLevel: args.logLevel,
    requestFilter: proxyRequestFilter({ member: args.authHeader, admin: args.adminAuthHeader }),
  };
  if (isRealtime(provider)) {
    if (stateUrl === undefined) {
      return {
        provider,
        ok: false,
        error: 'realtime pacts need --state-url (states set up and trigger events)',
      };
    }
    options.messageProviders = socketMessageProviders(pact, { baseUrl, stateUrl }, journal);
  }
  try {
    await new Verifier(options).verifyProvider();
    return { provider, ok: true };
  } catch {
    // The verifier has printed every mismatch already; its error repeats them as one JSON line.
    return { provider, ok: false, error: 'see the failures above' };
  }
}

/** Runs the verifier for each provider in turn; the sandbox (when used) is shared and closed at the end. */
export async function verifyPacts(args: VerifyArgs): Promise<ProviderResult[]> {
  // pactStates: the sandbox registers its state-change endpoint (`/_pact/state`) only when asked.
  const sandbox =
    args.baseUrl === undefined
      ? await startSandbox({ port: 0, checkResponses: true, pactStates: true })
      : undefined;
  const baseUrl = args.baseUrl ?? sandbox?.url;
  if (baseUrl === undefined) throw new Error('no provider to verify');
  const results: ProviderResult[] = [];
  try {
    for (const provider of args.providers) results.push(await verifyOne(args, provider, baseUrl, sandbox));
  } finally {
    await sandbox?.close();
  }
  return results;
}
