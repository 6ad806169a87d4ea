import { existsSync, readFileSync } from 'node:fs';

export interface Entry {
  line: number;
  id: string;
  status: 'ok' | 'failed';
  attempts?: number;
  error?: string;
}

/** The row records of a journal (run headers left out). */
export function entries(path: string): Entry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((record) => record.type !== 'run');
}
