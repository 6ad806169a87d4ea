/** `pnpm run readme:states`: rewrites the provider-state table of README.md from the committed pacts. */
import { fileURLToPath } from 'node:url';
import { COMMITTED_PACT_DIR } from '../pact-dirs';
import { readPactDir } from '../pact-file';
import { writeStatesTable } from './states-table';

const readme = fileURLToPath(new URL('../../README.md', import.meta.url));
writeStatesTable(readme, readPactDir(COMMITTED_PACT_DIR));
console.log(`Provider states written to ${readme}`);
