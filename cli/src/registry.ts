/**
 * The command words and where their code lives. Only the module of the command being run is
 * imported, so `matchmaker --help` and every command start without loading the others. Each
 * group is built by its module's constructor from the run's factory.
 */
import type { Command } from 'commander';
import type { Factory } from './factory';

export interface CommandEntry {
  name: string;
  summary: string;
  load: (factory: Factory) => Promise<Command>;
  /** Left out of help (and of the placeholders): for the completion scripts only. */
  hidden?: boolean;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'login',
    summary: 'sign in (prompts on a terminal; --email with --password-stdin for scripts)',
    load: (f) => import('./commands/auth').then((m) => m.loginCommand(f)),
  },
  {
    name: 'logout',
    summary: 'sign out and forget the stored credentials',
    load: (f) => import('./commands/auth').then((m) => m.logoutCommand(f)),
  },
  {
    name: 'whoami',
    summary: 'who is signed in: name, roles, API base, profile',
    load: (f) => import('./commands/auth').then((m) => m.whoamiCommand(f)),
  },
  {
    name: 'auth',
    summary: 'every profile, its API base and who is signed in (auth status)',
    load: (f) => import('./commands/auth').then((m) => m.authCommand(f)),
  },
  {
    name: 'users',
    summary: 'search, read and change user accounts',
    load: (f) => import('./commands/users').then((m) => m.usersCommand(f)),
  },
  {
    name: 'logs',
    summary: "a user's activity log and the visit log",
    load: (f) => import('./commands/logs').then((m) => m.logsCommand(f)),
  },
  {
    name: 'stats',
    summary: 'user, visit and match analytics',
    load: (f) => import('./commands/stats').then((m) => m.statsCommand(f)),
  },
  {
    name: 'referrals',
    summary: 'who referred whom',
    load: (f) => import('./commands/referrals').then((m) => m.referralsCommand(f)),
  },
  {
    name: 'kyc',
    summary: 'identity verification: the queue, reviews, documents, metrics',
    load: (f) => import('./commands/kyc').then((m) => m.kycCommand(f)),
  },
  {
    name: 'images',
    summary: 'flagged images: list and decide',
    load: (f) => import('./commands/images').then((m) => m.imagesCommand(f)),
  },
  {
    name: 'features',
    summary: 'feature switches and subfeatures',
    load: (f) => import('./commands/features').then((m) => m.featuresCommand(f)),
  },
  {
    name: 'bulk',
    summary: 'apply an action to every user or request in a CSV or NDJSON file, resumably',
    load: (f) => import('./commands/bulk').then((m) => m.bulkCommand(f)),
  },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh, fish)',
    load: (f) => import('./commands/completion').then((m) => m.completionCommand(f)),
  },
  {
    name: '__complete',
    summary: 'values for shell completion: profiles, feature codes, subfeature codes',
    load: (f) => import('./commands/complete').then((m) => m.completeCommand(f)),
    hidden: true,
  },
];
