/** A chat message may carry only a file its sender uploaded, and only into one room. */
import { describe, expect, it } from 'vitest';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';
import { upload } from '../support/uploads';

describe('chat files', () => {
  it("refuses another member's upload, which then stays out of reach of both parties", async () => {
    const box = await sandbox();
    const owner = await accessToken(box.url, 'member3');
    const thief = await accessToken(box.url, 'member1');
    const accomplice = await accessToken(box.url, 'member2');
    const member2 = box.world.store.userByEmail('member2@sandbox.test')?.keycloakId ?? '';
    const theirs = await upload(box.url, owner, 'images.uploadContact');
    const before = box.world.store.data.messages;
    const count = Object.values(before).reduce((sum, list) => sum + list.length, 0);

    const sent = await call(box.url, thief, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: member2,
      message: 'look',
      file: theirs.filename,
    });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ errors: [{ path: 'body.file' }] });
    expect(Object.values(box.world.store.data.messages).reduce((sum, list) => sum + list.length, 0)).toBe(
      count,
    );
    for (const token of [thief, accomplice]) {
      const download = await fetch(`${box.url}${pathOf('chats.getFile', { filename: theirs.filename })}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(404);
    }

    // Its own upload goes through, and both members of the room can download it; not into a second room.
    const mine = await upload(box.url, thief, 'images.uploadContact');
    const ok = await call(box.url, thief, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: member2,
      message: 'mine',
      file: mine.filename,
    });
    expect(ok.status).toBe(200);
    const download = await fetch(`${box.url}${pathOf('chats.getFile', { filename: mine.filename })}`, {
      headers: { authorization: `Bearer ${accomplice}` },
    });
    expect(download.status).toBe(200);
    const member3 = box.world.store.userByEmail('member3@sandbox.test')?.keycloakId ?? '';
    const again = await call(box.url, thief, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: member3,
      message: 'mine too',
      file: mine.filename,
    });
    expect(again.status).toBe(400);
  });
});
