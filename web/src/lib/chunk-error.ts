/**
 * Whether an error is a chunk of the app that could not be loaded: the fetch failed (offline, a
 * dropped line), the file is gone (a deploy replaced it), or something else came in its place (a
 * proxy's HTML page).
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|MIME type|Unexpected token|is not a valid JavaScript MIME type/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}
