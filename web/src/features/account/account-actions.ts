/**
 * The account area's calls. Screens call these, never the client: a visitor may not have the
 * client's chunk yet, so each loads it first (`loadClient`), and what a call spends (the referral,
 * the address waiting for its link) is settled here with it.
 */
import type { ConfirmInput, OauthUpdateInput, RegisterInput } from '@matchmaker/sdk/schemas';
import { loadClient } from '../../lib/client';
import { reloadSession, replaceUser } from '../../state/session';
import { forgetPendingEmail, rememberPendingEmail } from './pending-email';
import { forgetReferrer } from './referral';

/** Creates the account; the address then waits for its confirmation link. */
export async function register(body: RegisterInput): Promise<void> {
  const client = await loadClient();
  await client.accounts.register(body);
  forgetReferrer();
  rememberPendingEmail(body.email);
}

/** The details a first social sign-in does not supply; the answer replaces the session's user. */
export async function completeAccount(body: OauthUpdateInput): Promise<void> {
  const client = await loadClient();
  const answer = await client.accounts.oauthUpdate(body);
  forgetReferrer();
  replaceUser(answer.user);
}

export async function sendResetLink(email: string): Promise<void> {
  const client = await loadClient();
  await client.accounts.forgotPassword({ email });
}

/** Sends the confirmation link again; answers the server's words, if it has any. */
export async function resendConfirmation(email: string): Promise<string | null> {
  const client = await loadClient();
  const answer = await client.accounts.sendAccountVerification({ email });
  rememberPendingEmail(email);
  return answer?.message ?? null;
}

export async function resetPassword(input: {
  email: string;
  token: string;
  new_password: string;
}): Promise<void> {
  const client = await loadClient();
  await client.accounts.resetPassword(input);
}

const confirmations = new Map<string, Promise<void>>();

/**
 * Confirms the account from the emailed link. The token is single use, so the call is made once
 * per token even if React mounts the page twice; only a success spends it.
 */
export function confirmAccount(body: ConfirmInput): Promise<void> {
  let running = confirmations.get(body.token);
  if (!running) {
    running = loadClient()
      .then((client) => client.accounts.confirm(body))
      .then(() => forgetPendingEmail())
      .catch((error: unknown) => {
        confirmations.delete(body.token);
        throw error;
      });
    confirmations.set(body.token, running);
  }
  return running;
}

/** Reactivates a deleted account, then runs start-up again: what the member may do has changed. */
export async function reactivate(): Promise<void> {
  const client = await loadClient();
  await client.accounts.activate();
  await reloadSession();
}

/** Whether a username is free (the answer's own words when it is not). */
export async function checkUsername(
  username: string,
  signal: AbortSignal,
): Promise<{ available: boolean; message: string | null }> {
  const client = await loadClient();
  const answer = await client.accounts.verifyUsername({ username }, { signal });
  return { available: answer.available, message: answer.message ?? null };
}
