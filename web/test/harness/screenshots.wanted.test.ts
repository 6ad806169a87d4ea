import { describe, expect, it } from 'vitest';
import { screenshotsWanted } from './browser';

describe('screenshotsWanted', () => {
  it('takes them on a developer machine and skips them on CI', () => {
    expect(screenshotsWanted({})).toBe(true);
    expect(screenshotsWanted({ CI: '' })).toBe(true);
    expect(screenshotsWanted({ CI: 'false' })).toBe(true);
    expect(screenshotsWanted({ CI: 'true' })).toBe(false);
    expect(screenshotsWanted({ CI: '1' })).toBe(false);
  });

  it('SCREENSHOTS overrides either way; the README gallery always takes them', () => {
    expect(screenshotsWanted({ CI: 'true', SCREENSHOTS: '1' })).toBe(true);
    expect(screenshotsWanted({ SCREENSHOTS: '0' })).toBe(false);
    expect(screenshotsWanted({ CI: 'true', SCREENS_DOCS: '1' })).toBe(true);
    expect(screenshotsWanted({ SCREENSHOTS: '0', SCREENS_DOCS: '1' })).toBe(true);
  });
});
