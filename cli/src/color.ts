/**
 * Colour decisions, per stream: FORCE_COLOR wins, then NO_COLOR, then whether the stream is a
 * terminal. picocolors paints; it is told the decision rather than guessing from stdout alone,
 * since data goes to stdout and messages to stderr and either may be piped.
 */
import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  if (force === '0' || force === 'false') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export const colorsFor = (stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Colors =>
  pc.createColors(colorEnabled(stream, env));
