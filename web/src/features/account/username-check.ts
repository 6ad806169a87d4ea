/**
 * The username availability check while the member types: debounced, and only the answer for
 * the name still in the field counts (a slow answer for an earlier name is dropped).
 */
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/error-message';
import { checkUsername } from './account-actions';

export type UsernameStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; message: string }
  | { state: 'failed'; message: string };

const DEBOUNCE_MS = 400;

export function useUsernameCheck(username: string): UsernameStatus {
  const [status, setStatus] = useState<UsernameStatus>({ state: 'idle' });
  useEffect(() => {
    const name = username.trim();
    if (name === '') {
      setStatus({ state: 'idle' });
      return;
    }
    const abort = new AbortController();
    setStatus({ state: 'checking' });
    const timer = window.setTimeout(async () => {
      try {
        const answer = await checkUsername(name, abort.signal);
        if (abort.signal.aborted) return;
        setStatus(
          answer.available
            ? { state: 'available' }
            : { state: 'taken', message: answer.message ?? `The username ${name} is not available.` },
        );
      } catch (error) {
        if (!abort.signal.aborted) setStatus({ state: 'failed', message: describeError(error) });
      }
    }, DEBOUNCE_MS);
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [username]);
  return status;
}

/** The hint under a username field: the check's progress, or `idleHint` when nothing is checked. */
export function usernameHint(status: UsernameStatus, username: string, idleHint: string): string {
  if (status.state === 'checking') return 'Checking whether this username is free…';
  if (status.state === 'available') return `${username.trim()} is available.`;
  if (status.state === 'failed') return `We could not check the username: ${status.message}`;
  return idleHint;
}
