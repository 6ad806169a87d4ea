/**
 * Pure user-agent readers for the daily-active-user event. They read only the UA string, so they
 * run anywhere; an iPad in desktop mode (iPadOS 13+ reports itself as a Mac) reads as a Mac
 * desktop, which is as much as a UA string can tell.
 */

export type DeviceKind = 'desktop' | 'mobile' | 'tablet';

/** The browser's family name: 'Edge', 'Opera', 'Samsung Internet', 'Firefox', 'Chrome', 'Safari' or 'Unknown'. */
export function detectBrowser(ua: string): string {
  // Order matters: Edge, Opera and Samsung Internet also say 'Chrome', and Chrome also says 'Safari'.
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\b(OPR|Opera)\//.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  if (/\b(Chrome|CriOS|Chromium)\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'Safari';
  return 'Unknown';
}

/** The operating system: 'iOS', 'Android', 'Windows', 'macOS', 'ChromeOS', 'Linux' or 'Unknown'. */
export function detectOs(ua: string): string {
  // iOS says 'like Mac OS X' and Android says 'Linux', so both go before their look-alikes.
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'Unknown';
}

/** 'tablet' for iPads and Android without 'Mobile', 'mobile' for phones, else 'desktop'. */
export function detectDevice(ua: string): DeviceKind {
  if (/\biPad\b|\bTablet\b/.test(ua)) return 'tablet';
  // Android tablets drop the 'Mobile' token that Android phones carry.
  if (/\bAndroid\b/.test(ua)) return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet';
  if (/\b(iPhone|iPod|Mobile|Mobi)\b/.test(ua)) return 'mobile';
  return 'desktop';
}
