/**
 * Text fitted to terminal columns: measured as terminals draw it, padded, or cut between whole
 * characters with an ellipsis, never through a wide character or a cluster.
 */
import { describe, expect, it } from 'vitest';
import { displayWidth, fitText } from '../src/width';

describe('displayWidth', () => {
  it('counts the columns a terminal draws', () => {
    expect(displayWidth('anna')).toBe(4);
    expect(displayWidth('李小龙😀')).toBe(8);
    expect(displayWidth('अनुष्का')).toBe(5);
    expect(displayWidth('👩‍💻')).toBe(2);
    expect(displayWidth('Rodríguez')).toBe(9);
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
