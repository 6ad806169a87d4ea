/**
 * `matchmaker-sandbox` / `pnpm sandbox`: starts the sandbox and prints `Sandbox ready on URL` once
 * it accepts connections, then the demo logins. Stops cleanly on SIGINT and SIGTERM (sockets
 * closed, --data flushed), and when the pnpm that launched it is stopped (see launchers.ts).
 */
import { parseCli, USAGE } from './cli-options';
import { watchLaunchers } from './launchers';
import { DEMO_PASSWORD, type SandboxOptions } from './options';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { startSandbox } from './server';

async function main(): Promise<void> {
  let options: SandboxOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    // What went wrong (a port in use, a damaged data file), not a stack trace.
    console.error(
      `matchmaker-sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  console.log(`Sandbox ready on ${sandbox.url}`);
  console.log(
    sandbox.servesWebApp
      ? `Web app: ${sandbox.url}/`
      : `Sandbox home: ${sandbox.url}/ (no web app build found)`,
  );
  console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.description}`);
  console.log(
    `Outbox: ${sandbox.url}/sandbox/outbox · data ${options.dataFile ?? 'in memory'} (ready in ${Math.round(sandbox.dataMs)} ms)`,
  );

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping the sandbox`);
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  watchLaunchers((pid) => stop(`launcher ${pid} exited`));
}

await main();
