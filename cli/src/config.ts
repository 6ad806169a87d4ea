/**
 * Profiles and credentials under `$XDG_CONFIG_HOME/matchmaker/` (default `~/.config/matchmaker/`):
 * `config.json` keeps each profile's API base and email, `credentials/<profile>.json` its tokens
 * and the API base that issued them (written by the SDK's FileTokenStore with mode 0600). Files
 * found wider than 0600, and the credentials folder wider than 0700, are warned about and
 * narrowed before anything reads them.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { FileLock } from '@matchmaker/sdk/node';
import * as z from 'zod/mini';
import { usageError } from './exit';

export const DEFAULT_API_BASE = 'http://127.0.0.1:8080';
export const DEFAULT_PROFILE = 'default';

const profileSchema = z.object({ apiBase: z.optional(z.string()), email: z.optional(z.string()) });
const configSchema = z.object({ profiles: z._default(z.record(z.string(), profileSchema), {}) });
export type ProfileConfig = z.infer<typeof profileSchema>;
export type CliConfig = z.infer<typeof configSchema>;

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'matchmaker');
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw usageError(`Invalid profile name '${name}': use letters, digits, '.', '_' or '-'`);
  }
  return name;
}

/**
 * Every profile there is: those config.json names and those with a credentials file (`auth
 * status` lists them, shell completion offers them), sorted.
 */
export async function profileNames(dir: string, config: CliConfig): Promise<string[]> {
  const files = await readdir(credentialsDir(dir)).catch(() => [] as string[]);
  const stored = files
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => PROFILE_NAME.test(name));
  return [...new Set([...Object.keys(config.profiles), ...stored])].sort();
}

export const configPath = (dir: string) => join(dir, 'config.json');
export const credentialsDir = (dir: string) => join(dir, 'credentials');
export const credentialsPath = (dir: string, profile: string) => join(credentialsDir(dir), `${profile}.json`);

/**
 * Warns about and narrows a file (to 0600) or folder (to 0700) that others may read; returns
 * whether it had to.
 */
export async function repairMode(path: string, warn: (message: string) => void): Promise<boolean> {
  let link: Stats;
  try {
    link = await lstat(path);
  } catch {
    return false;
  }
  const wanted = link.isDirectory() ? 0o700 : 0o600;
  if (link.isSymbolicLink()) {
    // chmod would change what the link points at (a shared folder; /dev/zero, run as root):
    // the owner of that target decides, so this only says so.
    let target: Stats;
    try {
      target = await stat(path);
    } catch {
      return false;
    }
    const mode = target.mode & 0o777;
    if ((mode & 0o077) !== 0 && (target.isFile() || target.isDirectory())) {
      warn(
        `${path} is a symbolic link to something others can read (mode ${mode.toString(8)}); it is not changed through the link: make the target private (chmod ${(target.isDirectory() ? 0o700 : 0o600).toString(8)})`,
      );
    }
    return false;
  }
  // A device or a FIFO is never chmod-ed; reading it says what is wrong.
  if (!link.isFile() && !link.isDirectory()) return false;
  const mode = link.mode & 0o777;
  if ((mode & 0o077) === 0) return false;
  await chmod(path, wanted);
  warn(`${path} was readable by others (mode ${mode.toString(8)}); changed it to ${wanted.toString(8)}`);
  return true;
}

/**
 * Reads a small settings file, or undefined when there is none. Anything but a regular file (a
 * FIFO would block the read for ever, a device never ends) is refused with `notAFile`.
 */
export async function readSettingsFile(
  path: string,
  notAFile: (reason: string) => Error,
): Promise<string | undefined> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
  if (!info.isFile()) throw notAFile(info.isDirectory() ? 'it is a folder' : 'it is not a regular file');
  return readFile(path, 'utf8');
}

export async function readConfig(dir: string, warn: (message: string) => void): Promise<CliConfig> {
  const path = configPath(dir);
  await repairMode(path, warn);
  const text = await readSettingsFile(path, (reason) => usageError(`${path} cannot be read: ${reason}`));
  if (text === undefined) return { profiles: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw usageError(`${path} is not valid JSON: fix or delete it`);
  }
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) throw usageError(`${path} is not a matchmaker config: fix or delete it`);
  return parsed.data;
}

/** Writes atomically with mode 0600 (temporary file, then rename). */
async function writeConfig(dir: string, config: CliConfig): Promise<void> {
  const path = configPath(dir);
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temp, 0o600);
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Config writes are milliseconds long; a lock held longer than this is some process stuck. */
const CONFIG_LOCK_WAIT_MS = 30_000;

/**
 * Changes the config under its lock (`config.json.lock`): the file is read again inside the lock
 * and `change` applied to what it holds then, so logins in parallel processes never drop each
 * other's profiles (a read-modify-write without the lock kept only the last writer's).
 */
export async function updateConfig(
  dir: string,
  warn: (message: string) => void,
  change: (config: CliConfig) => CliConfig,
): Promise<CliConfig> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = new FileLock(`${configPath(dir)}.lock`, {
    waitMs: CONFIG_LOCK_WAIT_MS,
    label: 'config lock',
  });
  const release = await lock.acquire();
  try {
    const changed = change(await readConfig(dir, warn));
    await writeConfig(dir, changed);
    return changed;
  } finally {
    await release();
  }
}
