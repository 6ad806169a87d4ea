/**
 * How many terminal columns text takes, and text fitted to a number of columns. A CJK character
 * or an emoji takes two columns, a combining mark none, a Devanagari conjunct one per consonant,
 * so a string's length is no measure of it: tables aligned by length shifted every column after
 * a name like 李小龙😀 or अनुष्का. string-width 9 measures what terminals draw (see the README).
 */
import stringWidth from 'string-width';

const graphemes = new Intl.Segmenter();

export const displayWidth = (text: string): number => stringWidth(text);

/**
 * `text` in exactly `width` columns: padded with spaces, or cut between characters (never inside
 * one: a grapheme cluster stays whole) with `…` marking the cut. A wide character that would
 * straddle the edge is left out whole and the line padded instead.
 */
export function fitText(text: string, width: number): string {
  const full = displayWidth(text);
  if (full <= width) return text + ' '.repeat(width - full);
  if (width <= 0) return '';
  const room = width - 1;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const next = displayWidth(segment);
    if (used + next > room) break;
    kept += segment;
    used += next;
  }
  return `${kept}…${' '.repeat(room - used)}`;
}

/**
 * `text` in lines of at most `width` columns, for a value shown whole in a narrow column: broken
 * at spaces, and a word longer than a line between whole characters (a wide character or a
 * cluster is never split). Text that fits is one line.
 */
export function wrapText(text: string, width: number): string[] {
  if (width < 1 || displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
  };
  // Each word keeps the spaces after it, so a line ends where a space was.
  for (const word of text.split(/(?<= )(?=[^ ])/)) {
    if (line !== '' && displayWidth(line + word.trimEnd()) > width) push();
    if (displayWidth(word.trimEnd()) <= width) {
      line += word;
      continue;
    }
    for (const { segment } of graphemes.segment(word)) {
      if (segment !== ' ' && line !== '' && displayWidth(line + segment) > width) push();
      line += segment;
    }
  }
  if (line !== '') push();
  return lines;
}
