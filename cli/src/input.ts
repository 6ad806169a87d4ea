/**
 * Reading and checking what the user gives: JSON from a file or stdin (`--from-json FILE|-`)
 * checked against one of the SDK's schemas, and emails. Problems name the source and the field.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod/mini';
import { usageError } from './exit';
import type { Io } from './io';
import { readStdin } from './prompt';

export async function readJsonInput(io: Io, source: string): Promise<unknown> {
  const name = source === '-' ? 'stdin' : source;
  // Someone typing at the terminal would otherwise see a command that seems to hang.
  if (source === '-' && io.stdin.isTTY === true)
    io.stderr.write('Reading JSON from the terminal; end with Ctrl-D\n');
  let text: string;
  try {
    text = source === '-' ? await readStdin(io) : await readFile(source, 'utf8');
  } catch (error) {
    throw usageError(`Cannot read ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // Editors on Windows save UTF-8 with a byte order mark; bulk input accepts one too.
    return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw usageError(`${name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Parses with a schema; the error names the first bad field. */
export function checked<S extends z.core.$ZodType>(schema: S, value: unknown, source: string): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  throw usageError(`Invalid ${source}: ${problems.join('; ')}`);
}

const emailSchema = z.email();

export const isEmail = (text: string): boolean => emailSchema.safeParse(text).success;

export function checkEmail(text: string, what = 'email'): string {
  const trimmed = text.trim();
  if (!isEmail(trimmed)) throw usageError(`Invalid ${what} '${text}'`);
  return trimmed;
}

/** `first_name` to `first-name`, for flags named after API fields. */
export const kebab = (field: string): string => field.replace(/_/g, '-');
/** Commander's camelCase key of a kebab flag. */
export const camel = (field: string): string => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
