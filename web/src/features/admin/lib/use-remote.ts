/**
 * One read of the API bound to a screen, on the app's one remote-state shape (state/remote.ts):
 * loading, data or error, the answer of an older request (the filters changed, the screen left)
 * aborted and dropped, and an answer of an ended session dropped like everywhere else.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { idle, load, type Remote, stored } from '../../../state/remote';

/** What a screen reads: the remote state as a snapshot (data typed as the SDK's answer). */
export interface RemoteRead<T> {
  status: Remote<object>['status'];
  data: T | null;
  error: string | null;
}

export interface RemoteHandle<T> {
  state: RemoteRead<T>;
  reload: () => void;
  /** Replaces the data in place (an optimistic change, an item removed) without a request. */
  update: (change: (data: T) => T) => void;
}

/** `key` identifies the request: when it changes, the previous one is aborted and a new one starts. */
export function useRemote<T extends object>(
  key: string,
  call: (signal: AbortSignal) => Promise<T>,
): RemoteHandle<T> {
  const [target] = useState(() => proxy<Remote<T>>(idle<T>()));
  const [attempt, setAttempt] = useState(0);
  const callRef = useRef(call);
  callRef.current = call;
  const runs = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    // Each run asks anew: the request of a run that was cleaned up is aborted, never reused.
    runs.current += 1;
    void load(target, () => callRef.current(controller.signal), { key: `${key}#${attempt}#${runs.current}` });
    return () => controller.abort();
  }, [target, key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) => {
      if (target.data !== null) target.data = stored(change(target.data));
    },
    [target],
  );
  const snapshot = useSnapshot(target);
  return { state: snapshot as RemoteRead<T>, reload, update };
}
