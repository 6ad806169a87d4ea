import { describe, expect, it } from 'vitest';
import { detectBrowser, detectDevice, detectOs } from '../../src/flows/startup';

// Real user-agent strings as the browsers send them.
const agents = [
  {
    name: 'Chrome on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    browser: 'Chrome',
    os: 'Windows',
    device: 'desktop',
  },
  {
    name: 'Chrome on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    browser: 'Chrome',
    os: 'macOS',
    device: 'desktop',
  },
  {
    name: 'Edge on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    browser: 'Edge',
    os: 'Windows',
    device: 'desktop',
  },
  {
    name: 'Edge on Android',
    ua: 'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36 EdgA/120.0.2210.84',
    browser: 'Edge',
    os: 'Android',
    device: 'mobile',
  },
  {
    name: 'Firefox on Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    browser: 'Firefox',
    os: 'Linux',
    device: 'desktop',
  },
  {
    name: 'Firefox on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0',
    browser: 'Firefox',
    os: 'macOS',
    device: 'desktop',
  },
  {
    name: 'Firefox on an Android phone',
    ua: 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
    browser: 'Firefox',
    os: 'Android',
    device: 'mobile',
  },
  {
    name: 'Firefox on an Android tablet',
    ua: 'Mozilla/5.0 (Android 14; Tablet; rv:121.0) Gecko/121.0 Firefox/121.0',
    browser: 'Firefox',
    os: 'Android',
    device: 'tablet',
  },
  {
    name: 'Safari on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
    browser: 'Safari',
    os: 'macOS',
    device: 'desktop',
  },
  {
    name: 'Safari on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    browser: 'Safari',
    os: 'iOS',
    device: 'mobile',
  },
  {
    name: 'Safari on iPad',
    ua: 'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    browser: 'Safari',
    os: 'iOS',
    device: 'tablet',
  },
  {
    name: 'Chrome on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    browser: 'Chrome',
    os: 'iOS',
    device: 'mobile',
  },
  {
    name: 'Firefox on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
    browser: 'Firefox',
    os: 'iOS',
    device: 'mobile',
  },
  {
    name: 'Chrome on an Android phone',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome',
    os: 'Android',
    device: 'mobile',
  },
  {
    name: 'Chrome on an Android tablet',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    browser: 'Chrome',
    os: 'Android',
    device: 'tablet',
  },
  {
    name: 'Samsung Internet on Android',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    browser: 'Samsung Internet',
    os: 'Android',
    device: 'mobile',
  },
  {
    name: 'Opera on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    browser: 'Opera',
    os: 'Windows',
    device: 'desktop',
  },
  {
    name: 'Chrome on ChromeOS',
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    browser: 'Chrome',
    os: 'ChromeOS',
    device: 'desktop',
  },
  { name: 'an empty user agent', ua: '', browser: 'Unknown', os: 'Unknown', device: 'desktop' },
  { name: 'Node', ua: 'Node.js/22', browser: 'Unknown', os: 'Unknown', device: 'desktop' },
] as const;

describe('user-agent readers', () => {
  it.each(agents)('$name: $browser, $os, $device', ({ ua, browser, os, device }) => {
    expect(detectBrowser(ua)).toBe(browser);
    expect(detectOs(ua)).toBe(os);
    expect(detectDevice(ua)).toBe(device);
  });
});
