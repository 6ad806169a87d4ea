/**
 * `--data` snapshots written beside live writes: the journal is set aside as `FILE.log.old` while a
 * snapshot is written off the event loop, so a crash at any point of it loses no acknowledged
 * write and applies none twice; a burst of writes while snapshots come and go is all kept; and
 * the snapshot, written in pieces, is the same JSON as the state.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSeed } from '../../src/seed/index';
import { type RunningSandbox, startSandbox } from '../../src/server';
import { dict } from '../../src/state/dict';
import { snapshotPieces } from '../../src/state/snapshot';
import type { SandboxData } from '../../src/state/types';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { scratchDir } from '../support/scratch';

function dataFile(): string {
  const dir = scratchDir('sandbox-snapshot-');
  return join(dir, 'state.json');
}

const messageIds = (box: RunningSandbox): string[] =>
  Object.values(box.world.store.data.messages)
    .flat()
    .map((message) => String(message.id));

async function sendMessages(url: string, token: string, to: string, count: number, label: string) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      call(url, token, 'POST', pathOf('chats.sendMessage'), { recipient_id: to, message: `${label} ${i}` }),
    ),
  );
  for (const answer of answers) expect(answer.status).toBe(200);
  return answers.map((answer) => String(answer.body.id));
}

describe('snapshots beside the journal', () => {
  it('replays the journal set aside when a crash came in the middle of a snapshot, and applies nothing twice', async () => {
    const file = dataFile();
    const crashed = dataFile();
    const box = await startSandbox({ port: 0, dataFile: file });
    let sent: string[];
    let journal: string[];
    try {
      const token = await accessToken(box.url, 'member1');
      const member2 = box.world.store.userByEmail('member2@sandbox.test')?.keycloakId ?? '';
      sent = await sendMessages(box.url, token, member2, 30, 'before the crash');
      // What a crash leaves while a snapshot is written: the old snapshot, the journal set aside
      // (the first entries) and the new journal (the rest). The live journal is complete once
      // the answers are in: each entry is appended before its answer leaves.
      copyFileSync(file, crashed);
      journal = readFileSync(`${file}.log`, 'utf8').trim().split('\n');
      expect(journal.length).toBeGreaterThanOrEqual(31);
      writeFileSync(`${crashed}.log.old`, `${journal.slice(0, 15).join('\n')}\n`);
      writeFileSync(`${crashed}.log`, `${journal.slice(15).join('\n')}\n`);
    } finally {
      await box.close();
    }

    const restarted = await startSandbox({ port: 0, dataFile: crashed });
    let count: number;
    try {
      const ids = messageIds(restarted);
      for (const id of sent) expect(ids).toContain(id);
      count = ids.length;
      // The replay ends with a snapshot in place: the journal set aside is gone.
      expect(existsSync(`${crashed}.log.old`)).toBe(false);
    } finally {
      await restarted.close();
    }

    // A crash after the new snapshot was renamed into place but before `.old` was deleted: its
    // entries are in the snapshot already (by sequence number) and must not be applied again.
    writeFileSync(`${crashed}.log.old`, `${journal.join('\n')}\n`);
    const again = await startSandbox({ port: 0, dataFile: crashed });
    try {
      expect(messageIds(again)).toHaveLength(count);
      expect(existsSync(`${crashed}.log.old`)).toBe(false);
    } finally {
      await again.close();
    }
  });
});

describe('snapshot pieces', () => {
  it('join to exactly JSON.stringify of the state, dictionaries with odd keys included', () => {
    const data = generateSeed({ seed: 7 });
    expect([...snapshotPieces(data)].join('')).toBe(JSON.stringify(data));
    const odd = {
      ...data,
      settings: dict([['__proto__', { ...Object.values(data.settings)[0] }]]),
      journalSeq: undefined,
      blocks: dict<string[]>(),
    } as unknown as SandboxData;
    expect([...snapshotPieces(odd)].join('')).toBe(JSON.stringify(odd));
    expect(JSON.parse([...snapshotPieces(odd)].join('')).settings).toHaveProperty('__proto__');
  });
});

/** The files beside the data file other than the snapshot and its journal. */
const leftovers = (file: string) =>
  readdirSync(join(file, '..')).filter((name) => name !== 'state.json' && name !== 'state.json.log');

describe('a burst of writes while snapshots are written', () => {
  it('keeps every acknowledged write, and a clean close leaves the snapshot alone with an empty journal', async () => {
    const file = dataFile();
    const box = await startSandbox({ port: 0, dataFile: file, persistDebounceMs: 1 });
    let sent: string[] = [];
    try {
      const token = await accessToken(box.url, 'member1');
      const member2 = box.world.store.userByEmail('member2@sandbox.test')?.keycloakId ?? '';
      // Changes made from code ask for a snapshot every few ms: one is written while the next waits.
      const ticker = setInterval(() => box.world.store.touch(), 2);
      try {
        for (let round = 0; round < 4; round++) {
          sent = sent.concat(await sendMessages(box.url, token, member2, 60, `burst ${round}`));
        }
      } finally {
        clearInterval(ticker);
      }
    } finally {
      await box.close();
    }
    expect(leftovers(file)).toEqual([]);
    expect(readFileSync(`${file}.log`, 'utf8')).toBe('');
    const restarted = await startSandbox({ port: 0, dataFile: file });
    try {
      const ids = messageIds(restarted);
      for (const id of sent) expect(ids).toContain(id);
    } finally {
      await restarted.close();
    }
  });
});
