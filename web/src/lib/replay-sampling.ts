/**
 * Whether this session is recorded whole by Replay. The app draws it (rather than Replay, which
 * would have to be downloaded first to draw): a visitor not picked never fetches Replay at all.
 * The draw is kept for the tab's session (sessionStorage, which logout clears), so reloads and a
 * sign-in keep the same answer, as Replay's own sessions do.
 */
const SAMPLED_KEY = 'matchmaker.replay-sampled';

export function isReplaySampled(
  rate: number,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStore(),
  random: () => number = Math.random,
): boolean {
  const kept = storage?.getItem(SAMPLED_KEY);
  if (kept === '1' || kept === '0') return kept === '1';
  const sampled = random() < rate;
  storage?.setItem(SAMPLED_KEY, sampled ? '1' : '0');
  return sampled;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Blocked storage: a draw a page, which is still the configured rate.
    return null;
  }
}
