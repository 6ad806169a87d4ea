/**
 * One read of the API bound to a screen: loading, data or error, with the answer of an older
 * request (the filters changed, the screen left) aborted and never shown.
 */
import { isAbortedError } from '@matchmaker/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../../../lib/report';

export type Remote<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown };

export interface RemoteHandle<T> {
  state: Remote<T>;
  reload: () => void;
  /** Replaces the data in place (an optimistic change, an item removed) without a request. */
  update: (change: (data: T) => T) => void;
}

/** `key` identifies the request: when it changes, the previous one is aborted and a new one starts. */
export function useRemote<T>(key: string, load: (signal: AbortSignal) => Promise<T>): RemoteHandle<T> {
  const [state, setState] = useState<Remote<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are what restart the request
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortedError(error)) return;
        reportError(error);
        setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((previous) =>
        previous.data === null ? previous : { ...previous, data: change(previous.data) },
      ),
    [],
  );
  return { state, reload, update };
}
