/**
 * Generated avatars (SVG): a coloured background, a head-and-shoulders silhouette and the member's
 * initials. No stock photos, no network, and every member is recognisable at a glance.
 */

const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export function avatarSvg(initials: string, hue: number, variant = 0, size = 256): string {
  const background = `hsl(${hue} 55% 62%)`;
  const shade = `hsl(${hue} 45% 38%)`;
  const accent = `hsl(${(hue + 40 * (variant + 1)) % 360} 60% 85%)`;
  const label = escapeXml(initials.slice(0, 2).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256" role="img" aria-label="${label}">
<rect width="256" height="256" fill="${background}"/>
${variant > 0 ? `<circle cx="${40 + variant * 50}" cy="50" r="${30 + variant * 6}" fill="${accent}" opacity="0.6"/>` : ''}
<circle cx="128" cy="104" r="48" fill="${shade}"/>
<path d="M40 256c0-56 40-92 88-92s88 36 88 92z" fill="${shade}"/>
<text x="128" y="120" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" fill="#fff">${label}</text>
</svg>`;
}
