/**
 * Text fitted to terminal columns: measured as terminals draw it, padded, or cut between whole
 * characters with an ellipsis, never through a wide character or a cluster.
 */
import { describe, expect, it } from 'vitest';
import { displayWidth, fitText, wrapText } from '../src/width';

describe('displayWidth', () => {
  it('counts the columns a terminal draws', () => {
    expect(displayWidth('anna')).toBe(4);
    expect(displayWidth('李小龙😀')).toBe(8);
    expect(displayWidth('अनुष्का')).toBe(5);
    expect(displayWidth('👩‍💻')).toBe(2);
    expect(displayWidth('Rodríguez')).toBe(9);
  });
});

describe('wrapText', () => {
  it('leaves text that fits as it is', () => {
    expect(wrapText('short', 10)).toEqual(['short']);
    expect(wrapText('', 10)).toEqual(['']);
  });

  it('breaks at spaces, every line within the width, nothing lost', () => {
    const text = 'Looking for someone kind who loves long walks, family dinners and honest talks';
    const lines = wrapText(text, 24);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(24);
    expect(lines.join(' ')).toBe(text);
    expect(lines[0]).toBe('Looking for someone kind');
  });

  it('breaks a word longer than the line between whole characters, by the columns they take', () => {
    expect(wrapText('https://example.test/a/very/long/path', 12)).toEqual([
      'https://exam',
      'ple.test/a/v',
      'ery/long/pat',
      'h',
    ]);
    const cjk = wrapText('李小龙😀李小龙😀', 5);
    expect(cjk).toEqual(['李小', '龙😀', '李小', '龙😀']);
    const mixed = wrapText('अनुष्का 李小龙😀 👩‍💻👩‍💻👩‍💻', 6);
    for (const line of mixed) expect(displayWidth(line)).toBeLessThanOrEqual(6);
    expect(mixed.join('').replaceAll(' ', '')).toBe('अनुष्का李小龙😀👩‍💻👩‍💻👩‍💻');
  });
});

describe('fitText', () => {
  it('pads to the width in columns', () => {
    expect(fitText('李小', 6)).toBe('李小  ');
    expect(fitText('अनुष्का', 7)).toBe('अनुष्का  ');
  });

  it('cuts between characters, leaving a wide one out whole rather than split', () => {
    expect(fitText('李小龙😀', 5)).toBe('李小…');
    expect(fitText('李小龙😀', 4)).toBe('李… ');
    expect(fitText('👩‍💻👩‍💻', 3)).toBe('👩‍💻…');
    expect(fitText('mateo.rodriguez', 8)).toBe('mateo.r…');
    for (const width of [1, 2, 3, 5, 8]) expect(displayWidth(fitText('李小龙😀 अनुष्का', width))).toBe(width);
  });
});
