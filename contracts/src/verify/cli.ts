/**
 * `pnpm --filter @matchmaker/contracts verify [-- --provider usermgmt --base-url URL --state-url URL]`.
 * Exits 0 when every selected pact verifies, 1 when one does not, 2 on a usage error.
 */
import { parseVerifyArgs, USAGE, type VerifyArgs } from './args';
import { verifyPacts } from './run';

// Pact's anonymous usage tracking would call out to the internet from every CI run.
process.env.PACT_DO_NOT_TRACK ??= 'true';

async function main(): Promise<number> {
  let args: VerifyArgs;
  try {
    args = parseVerifyArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const target = args.baseUrl ?? 'an in-process sandbox';
  if (args.baseUrl !== undefined && args.stateUrl === undefined) {
    console.warn(
      "No --state-url: provider states are not set up; the pacts' example values are used as they are, and the realtime pacts (whose events the states trigger) are left out.",
    );
  }
  console.log(`Verifying ${args.providers.join(', ')} against ${target}`);
  if (args.authHeader !== undefined || args.adminAuthHeader !== undefined) {
    console.log(
      "Real tokens replace the pacts' example member/admin tokens only where no provider state answered an accessToken; the 406 and refresh interactions need state-minted tokens.",
    );
  }
  const results = await verifyPacts(args);
  console.log('\nPact verification:');
  for (const result of results) {
    console.log(
      `  ${result.ok ? 'ok    ' : 'FAILED'} ${result.provider}${result.error ? `: ${result.error}` : ''}`,
    );
  }
  return results.every((result) => result.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
