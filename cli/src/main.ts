/** The `matchmaker` binary. */
import { colorsFor, settleColorEnv } from './color';
import { HumanStream, processIo, stdoutFailed } from './io';
import { run } from './program';

const io = processIo();
settleColorEnv(process.env);
// A reader that went away (`| head`) or a full disk ends the run here, whatever it was doing.
process.stdout.on('error', (error) => {
  const stderr = new HumanStream(io.stderr);
  process.exit(stdoutFailed(error, stderr, colorsFor(stderr, io.env).red));
});
// stderr gone (`2>&1 >/dev/null | head`): nothing more can be said there, and a command's
// outcome (its data, its journal, its exit code) does not depend on anyone reading it.
process.stderr.on('error', () => {});
const code = await run(process.argv.slice(2), io);
// Let piped output drain before exiting; open keep-alive sockets must not hold the process.
process.stdout.write('', () => process.exit(code));
