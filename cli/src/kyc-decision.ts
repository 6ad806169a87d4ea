/**
 * A KYC decision as staff give it (`--approve`, or `--reject --reason TEXT`), shared by
 * `kyc review` and `bulk kyc-review`, which must refuse and send the same thing.
 */
import { usageError } from './exit';

export interface ReviewFlags {
  approve?: boolean;
  reject?: boolean;
  reason?: string;
}

/** The review body of `--approve|--reject --reason`, or a usage error. */
export function reviewBody(flags: ReviewFlags): { status: 'APPROVED' | 'REJECTED'; reason?: string } {
  if (flags.approve === flags.reject) throw usageError('Give exactly one of --approve and --reject');
  const reason = flags.reason?.trim();
  if (flags.reject && !reason) throw usageError('--reject needs --reason TEXT (the member is told why)');
  return { status: flags.approve ? 'APPROVED' : 'REJECTED', ...(reason ? { reason } : {}) };
}
