/** The `matchmaker` binary. */
import { processIo } from './io';
import { run } from './program';

const code = await run(process.argv.slice(2), processIo());
// Let piped output drain before exiting; open keep-alive sockets must not hold the process.
process.stdout.write('', () => process.exit(code));
