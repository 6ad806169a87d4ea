import { REALTIME_RECONNECT_DELAY_MAX_MS, REALTIME_RECONNECT_DELAY_MIN_MS } from './constants';

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry after a drop), in ms.
 *
 * socket.io's own backoff adds jitter around its delay (`randomizationFactor`), which can take the
 * wait below the minimum; SPEC.md section 9 wants every wait within 1 to 5 s. So the ceiling
 * doubles from 2 s up to 5 s and the wait is drawn from the upper half of it, never below 1 s:
 * attempt 0 waits 1-2 s, attempt 1 2-4 s, then 2.5-5 s. Jitter on every attempt keeps many clients
 * from reconnecting in step after a server restart.
 *
 * `random` returns a number in [0, 1), as Math.random does; tests pass their own.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const min = REALTIME_RECONNECT_DELAY_MIN_MS;
  const max = REALTIME_RECONNECT_DELAY_MAX_MS;
  // The ceiling reaches the maximum within a few steps; capping the step keeps 2 ** step finite,
  // and NaN or negative attempts count as the first.
  const step = attempt > 0 ? Math.floor(Math.min(attempt, 16)) : 0;
  const ceiling = Math.min(max, min * 2 ** (step + 1));
  const floor = Math.max(min, ceiling / 2);
  const value = random();
  const draw = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
  const delay = Math.round(floor + draw * (ceiling - floor));
  return Math.min(max, Math.max(min, delay));
}
