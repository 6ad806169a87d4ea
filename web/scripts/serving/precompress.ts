/**
 * Brotli and gzip copies of the build's text files (`x.js.br`, `x.js.gz` beside `x.js`), made once
 * at build time at the strongest settings, so a server sends them without compressing per request.
 * A copy is kept only when it is smaller. Source maps are left alone: only error reporting and
 * developer tools fetch them, and they are most of the build's bytes.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

export interface PrecompressResult {
  readonly files: number;
  readonly bytes: number;
  readonly brotliBytes: number;
  readonly gzipBytes: number;
}

export function precompress(dir: string): PrecompressResult {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  let gzipBytes = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = readFileSync(path);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    count += 1;
    bytes += content.length;
    if (brotli.length < content.length) {
      writeFileSync(`${path}.br`, brotli);
      brotliBytes += brotli.length;
    } else brotliBytes += content.length;
    if (gzip.length < content.length) {
      writeFileSync(`${path}.gz`, gzip);
      gzipBytes += gzip.length;
    } else gzipBytes += content.length;
  }
  return { files: count, bytes, brotliBytes, gzipBytes };
}
