/** The program with every command built, as completion reads it: for tests that walk the tree. */
import type { Command } from 'commander';
import { createFactory } from '../../src/factory';
import type { Io } from '../../src/io';
import { buildProgram } from '../../src/program';

export async function commandTree(env: NodeJS.ProcessEnv): Promise<Command> {
  const io: Io = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: process.stdin, env };
  const factory = createFactory(io, () => buildProgram([], factory, true));
  return factory.commandTree();
}
