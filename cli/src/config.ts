/**
 * Profiles and credentials under `$XDG_CONFIG_HOME/matchmaker/` (default `~/.config/matchmaker/`):
 * `config.json` keeps each profile's API base and email, `credentials/<profile>.json` its tokens
 * (written by the SDK's FileTokenStore with mode 0600). Files found wider than 0600 are warned
 * about and repaired before anything reads them.
 */
import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { usageError } from './exit';

export const DEFAULT_API_BASE = 'http://127.0.0.1:8080';
export const DEFAULT_PROFILE = 'default';

const profileSchema = z.object({ apiBase: z.string().optional(), email: z.string().optional() });
const configSchema = z.object({ profiles: z.record(z.string(), profileSchema).default({}) });
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

export const configPath = (dir: string) => join(dir, 'config.json');
export const credentialsPath = (dir: string, profile: string) => join(dir, 'credentials', `${profile}.json`);

/** Warns about and narrows a file readable by others; returns whether it had to. */
export async function repairMode(path: string, warn: (message: string) => void): Promise<boolean> {
  let mode: number;
  try {
    mode = (await stat(path)).mode & 0o777;
  } catch {
    return false;
  }
  if ((mode & 0o077) === 0) return false;
  await chmod(path, 0o600);
  warn(`${path} was readable by others (mode ${mode.toString(8)}); changed it to 600`);
  return true;
}

export async function readConfig(dir: string, warn: (message: string) => void): Promise<CliConfig> {
  const path = configPath(dir);
  await repairMode(path, warn);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { profiles: {} };
    throw error;
  }
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
export async function writeConfig(dir: string, config: CliConfig): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = configPath(dir);
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  await chmod(temp, 0o600);
  await rename(temp, path);
}
