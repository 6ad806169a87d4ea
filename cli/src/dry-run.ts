/**
 * `--dry-run` of a single command: it runs as it would (signed in, every check, every look-up,
 * all of them reads), and the change it would then send is held at the SDK's `beforeAttempt` hook,
 * once the SDK has checked and built it, and printed instead: the method, the URL and the body
 * exactly as they would go, never a password. Holding it there (not before the SDK call) is what
 * makes the plan the request itself rather than a description of it.
 */
import type { AttemptInfo, EndpointId } from '@matchmaker/sdk';
import { getEndpoint } from '@matchmaker/sdk/schemas';
import { causeOf, isRecord } from './guards';
import { type OutputOptions, printRecord } from './output';

/** What a dry run prints: the change, and the request that would make it. */
export interface Plan {
  /** What the command would ask on a terminal, else what the call does. */
  change: string;
  endpoint: EndpointId | null;
  method: string;
  url: string;
  body: unknown;
}

/** The change held back: thrown by the fetch, found again in the SDK error that carries it. */
class HeldChange extends Error {
  override readonly name = 'HeldChange';
  constructor(readonly plan: Omit<Plan, 'change'> & { summary: string }) {
    super(`dry run: ${plan.method} ${plan.url} was not sent`);
  }
}

/** What stands for a password the real run would ask for at its prompt (a dry run does not ask). */
export const PASSWORD_ASKED = '(asked for at the prompt)';

const SECRET_KEY = /password|secret|token/i;

/** `value` with every secret (a password, a token), at any depth, replaced by `(hidden)`. */
function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) ? (inner === PASSWORD_ASKED ? inner : '(hidden)') : hideSecrets(inner),
    ]),
  );
}

export class DryRun {
  #question: string | undefined;

  /** The question the real run would ask before the change (confirmChange), for the plan. */
  asked(question: string): void {
    this.#question = question;
  }

  /**
   * The SDK's `beforeAttempt` hook that holds back every call that changes something: one the
   * catalogue does not mark a read, that needs a session. Reads go through, and so do the
   * session's own calls (a token refresh), which no hook sees.
   */
  readonly hold = ({ endpoint, input }: AttemptInfo): undefined => {
    const entry = getEndpoint(endpoint);
    if (!entry || entry.effect === 'read' || entry.access !== 'session') return undefined;
    throw new HeldChange({
      endpoint: endpoint as EndpointId,
      summary: entry.summary,
      method: input.method,
      url: input.url,
      body: input.body === undefined ? null : hideSecrets(input.body),
    });
  };

  /**
   * Runs the command; the change it would send is printed as the plan (stdout, in the `-o`
   * format) with a note on stderr, and the run ends there, successfully. A command that would
   * send nothing (a switch already in the state asked for) prints what its real run prints.
   */
  async run(command: () => Promise<void>, output: OutputOptions): Promise<void> {
    try {
      await command();
    } catch (error) {
      const held = causeOf(error, HeldChange);
      if (!held) throw error;
      const { summary, ...request } = held.plan;
      const change = this.#question ?? summary.replace(/\.$/, '');
      const plan: Plan = { change, ...request };
      output.info('Dry run: nothing was sent. The change, and the request that would make it:');
      // --fields names fields of the change's answer (checked before the question): not the plan's.
      printRecord(plan, { ...output, fields: undefined });
    }
  }
}
