import { mkdirSync, rmSync } from 'node:fs';
import { pactOutDir } from '../../src/pact-dirs';

/**
 * Empties the pact directory before a run: pact-js merges into existing files, so an interaction
 * removed from a test would otherwise live on in the pact.
 */
export default function setup(): void {
  const dir = pactOutDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
