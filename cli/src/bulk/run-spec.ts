/**
 * A bulk run as the command hands it over (RunSpec), and what its phases share: how many problems
 * a message lists, how a run stopped part way is finished.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import type { RunFacts } from '../errors';
import type { Io } from '../io';
import type { ListPrinter } from '../output';
import type { BulkAction } from './actions';
import type { InputSource } from './reader';
import type { RunControl } from './run-control';

export interface RunSpec {
  io: Io;
  action: BulkAction;
  source: InputSource;
  idColumn: string;
  concurrency: number;
  rate: number | undefined;
  dryRun: boolean;
  validateOnly: boolean;
  resume: boolean;
  retryFailed: boolean;
  journalPath: string;
  /** Whether --journal named the journal (else it is the default): messages say which. */
  journalGiven: boolean;
  failuresPath: string;
  reportPath: string | undefined;
  /**
   * The client for a real run (absent for --dry-run and --validate-only), made with the run's
   * retry policy and its pause while a Retry-After holds (`pauseHooks`): the SDK retries a row.
   */
  client: MatchmakerClient | undefined;
  /** Where --dry-run prints the planned changes. */
  printer: ListPrinter | undefined;
  control: RunControl;
  /**
   * Confirmation of a real run, once the input is known to be readable; `signal` withdraws it.
   * `rows`: those it will run (not those --resume or --retry-failed leave), unknown for stdin.
   */
  confirm: (rows: number | undefined, signal: AbortSignal) => Promise<void>;
  /** Plain progress line interval (tests shorten it). */
  progressIntervalMs?: number;
  /** The profile and credential in use, for the message of a session that ends mid-run. */
  facts?: RunFacts;
}

/** The most problems (lines, repeats) a message lists one by one. */
export const MAX_LISTED_PROBLEMS = 20;

/** A real run: neither --dry-run nor --validate-only. */
export const isReal = (spec: Pick<RunSpec, 'dryRun' | 'validateOnly'>) => !spec.dryRun && !spec.validateOnly;

/** The options that finish a run stopped part way: a retry of failures is finished by another. */
export function finishedBy(spec: Pick<RunSpec, 'resume' | 'retryFailed'>): string {
  return spec.retryFailed ? `${spec.resume ? '--resume ' : ''}--retry-failed` : '--resume';
}
