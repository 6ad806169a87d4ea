/**
 * Small valid PNG files drawn in code (no stock images): ID-card-like documents for KYC and
 * landscape "photos" for chat files. Deterministic from a seed text.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = [number, number, number];

/** Encodes an RGB pixel function as a PNG. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function hashText(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A 320x200 card: coloured header band, a photo box and grey "text" lines. */
export function idCardPng(seed: string): Buffer {
  const hue = hashText(seed) % 360;
  const band = hslToRgb(hue, 0.55, 0.42);
  const paper = hslToRgb(hue, 0.25, 0.94);
  const photo = hslToRgb((hue + 180) % 360, 0.2, 0.7);
  const ink: Rgb = [110, 110, 120];
  const lines = [70, 95, 120, 145];
  return encodePng(320, 200, (x, y) => {
    if (y < 36) return band;
    if (x >= 20 && x < 100 && y >= 56 && y < 166) return photo;
    for (const [index, top] of lines.entries()) {
      const length = 180 - index * 30 - (hashText(`${seed}${index}`) % 40);
      if (y >= top && y < top + 8 && x >= 120 && x < 120 + length) return ink;
    }
    return paper;
  });
}

/** A 240x160 landscape: sky gradient, a sun and hills. */
export function photoPng(seed: string): Buffer {
  const hue = hashText(seed) % 360;
  return encodePng(240, 160, (x, y) => {
    const hill = 110 + Math.round(18 * Math.sin((x + hue) / 23));
    if (y > hill) return hslToRgb((hue + 100) % 360, 0.4, 0.3 + (y - hill) / 400);
    const dx = x - 170;
    const dy = y - 50;
    if (dx * dx + dy * dy < 400) return [250, 210, 90];
    return hslToRgb((hue + 20) % 360, 0.6, 0.55 + y / 500);
  });
}
