/**
 * What every command group is built from, as gh's commands are built from its `cmdutil.Factory`:
 * the run's streams, the configuration and client of the command being run (resolved once, on
 * first use, so `--help` and usage errors never load the SDK), and the program's command tree for
 * the commands that read it. The program makes one factory per run and hands it to each group's
 * constructor; commands never import the program, and the program's tree is reached through the
 * factory (a port the program implements), not through the registry.
 */
import { Command } from 'commander';
import type { Context } from './context';
import type { RunFacts } from './errors';
import type { Io } from './io';
import { takesDryRun } from './options';

/** A command's action as commander calls it: its arguments, its options, then the command. */
export type Action = (...args: unknown[]) => Promise<void>;

export interface Factory {
  /** The run's streams and environment (tests pass buffers). */
  readonly io: Io;
  /**
   * A command's action: `handler` gets the command's resolved context, then commander's
   * arguments and options; what it throws goes to the one error handler. With `--dry-run`
   * (options.ts's DryRunOption) the context's client sends only what reads, and the change it
   * would send is printed instead (dry-run.ts).
   */
  action<A extends unknown[]>(handler: (context: Context, ...args: A) => Promise<void>): Action;
  /** The program with every command loaded, as `--help` describes it (completion reads it). */
  commandTree(): Promise<Command>;
}

/** The factory of one run, and what the run knew when it failed (for the error handler). */
export interface RunFactory extends Factory {
  facts(): RunFacts;
}

export function createFactory(io: Io, commandTree: () => Promise<Command>): RunFactory {
  const facts: RunFacts = {};
  return {
    io,
    commandTree,
    facts: () => facts,
    action<A extends unknown[]>(handler: (context: Context, ...args: A) => Promise<void>): Action {
      return async (...args) => {
        const command = args[args.length - 1];
        if (!(command instanceof Command)) throw new Error('commander did not pass the command');
        // The context brings in the SDK; `--help` and usage errors never need it.
        const { createContext } = await import('./context');
        const planning = takesDryRun(command) && command.opts().dryRun === true;
        const dryRun = planning ? new (await import('./dry-run')).DryRun() : undefined;
        const context = await createContext(command, io, dryRun);
        facts.apiBase = context.apiBase;
        facts.envToken = context.envToken;
        facts.profile = context.profile;
        // Commander passes the declared arguments, then the options object, then the command.
        const given = args.slice(0, -1) as A;
        if (dryRun) await dryRun.run(() => handler(context, ...given), context.output);
        else await handler(context, ...given);
      };
    },
  };
}
