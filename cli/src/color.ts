/**
 * Colour decisions, per stream: FORCE_COLOR wins, then NO_COLOR, then whether the stream is a
 * terminal. picocolors paints; it is told the decision rather than guessing from stdout alone,
 * since data goes to stdout and messages to stderr and either may be piped.
 */
import pc from 'picocolors';
import { HumanStream } from './io';

export type Colors = ReturnType<typeof pc.createColors>;

const forcedOff = (value: string) => value === '0' || value === 'false';

export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && !forcedOff(force)) return true;
  if (force !== undefined && forcedOff(force)) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/**
 * Colours for `stream`. For a HumanStream (stderr) each painted fragment is made of cleaned text
 * and registered with the stream as the CLI's own, so its escape codes are the only ones written.
 */
export function colorsFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Colors {
  const enabled = colorEnabled(stream, env);
  const colors = pc.createColors(enabled);
  if (!enabled || !(stream instanceof HumanStream)) return colors;
  const owned: Colors = { ...colors };
  for (const [name, paint] of Object.entries(colors)) {
    if (typeof paint !== 'function') continue;
    const painted = (input: string | number | null | undefined) =>
      stream.own(paint(stream.clean(String(input))));
    Reflect.set(owned, name, painted);
  }
  return owned;
}

/**
 * Node warns on stderr ("The 'NO_COLOR' env is ignored due to the 'FORCE_COLOR' env being set")
 * when both are set and something loads its own colour support. The CLI decides from its copy of
 * the environment (colorEnabled, FORCE_COLOR first); the process's environment keeps only the
 * variable that decided, so Node agrees and has nothing to warn about.
 */
export function settleColorEnv(env: NodeJS.ProcessEnv): void {
  if (env.FORCE_COLOR === undefined || env.NO_COLOR === undefined) return;
  if (env.FORCE_COLOR === '') delete env.FORCE_COLOR;
  else if (!forcedOff(env.FORCE_COLOR)) delete env.NO_COLOR;
}
