/**
 * The command words and where their code lives. Only the module of the command being run is
 * imported, so `matchmaker --help` and every command start without loading the others.
 */
import type { Command } from 'commander';

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'login',
    summary: 'sign in (prompts on a terminal; --email with --password-stdin for scripts)',
    load: () => import('./commands/auth').then((m) => m.loginCommand()),
  },
  {
    name: 'logout',
    summary: 'sign out and forget the stored credentials',
    load: () => import('./commands/auth').then((m) => m.logoutCommand()),
  },
  {
    name: 'whoami',
    summary: 'who is signed in: name, roles, API base, profile',
    load: () => import('./commands/auth').then((m) => m.whoamiCommand()),
  },
  {
    name: 'users',
    summary: 'search, read and change user accounts',
    load: () => import('./commands/users').then((m) => m.usersCommand()),
  },
  {
    name: 'logs',
    summary: "a user's activity log and the visit log",
    load: () => import('./commands/logs').then((m) => m.logsCommand()),
  },
  {
    name: 'stats',
    summary: 'user, visit and match analytics',
    load: () => import('./commands/stats').then((m) => m.statsCommand()),
  },
  {
    name: 'referrals',
    summary: 'who referred whom',
    load: () => import('./commands/referrals').then((m) => m.referralsCommand()),
  },
  {
    name: 'kyc',
    summary: 'identity verification: the queue, reviews, documents, metrics',
    load: () => import('./commands/kyc').then((m) => m.kycCommand()),
  },
  {
    name: 'images',
    summary: 'flagged images: list and decide',
    load: () => import('./commands/images').then((m) => m.imagesCommand()),
  },
  {
    name: 'features',
    summary: 'feature switches and subfeatures',
    load: () => import('./commands/features').then((m) => m.featuresCommand()),
  },
  {
    name: 'bulk',
    summary: 'apply an action to every user or request in a CSV or NDJSON file, resumably',
    load: () => import('./commands/bulk').then((m) => m.bulkCommand()),
  },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh, fish)',
    load: () => import('./commands/completion').then((m) => m.completionCommand()),
  },
];
