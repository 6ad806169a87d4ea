/**
 * Profile answers are typed (choice fields as their known values, height a number, the yes/no
 * fields booleans, the birth date a date) but tolerant: a value the SDK does not know is accepted,
 * and reported once per field and value through `onError` as a contract warning.
 */
import { describe, expect, it } from 'vitest';
import { createClient, isContractWarning, MemoryTokenStore } from '../../src/index';
import { sampleUser, TOKENS } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer();

function clientReporting(errors: unknown[]) {
  return createClient({
    baseURL: server.url,
    tokenStore: new MemoryTokenStore({ ...TOKENS }),
    locks: null,
    onError: (error) => errors.push(error),
  });
}

describe('tolerant profile answers', () => {
  it('accepts a conforming user without a warning', async () => {
    server.handle(() => ({ body: sampleUser() }));
    const errors: unknown[] = [];
    const user = await clientReporting(errors).accounts.userInfo();
    expect(user.body_type).toBe('average');
    expect(user.height).toBe(168);
    expect(errors).toEqual([]);
  });

  it('keeps unknown values, reads typed fields by their type, and warns once per field and value', async () => {
    const odd = sampleUser({
      body_type: 'petite',
      want_children: true,
      height: '172',
      has_children: 'yes',
      open_for_relocation: 'sometimes',
      date_of_birth: '12/03/1994',
    });
    server.handle((request) =>
      request.path.endsWith('/bulk/profiles')
        ? { body: { profiles: [odd, odd, sampleUser({ keycloakId: 'kc-9', body_type: 'petite' })] } }
        : { body: odd },
    );
    const errors: unknown[] = [];
    const client = clientReporting(errors);

    const user = await client.accounts.userInfo();
    expect(user).toMatchObject({
      body_type: 'petite',
      want_children: 'true',
      height: 172,
      has_children: true,
      open_for_relocation: null,
      date_of_birth: '12/03/1994',
    });
    await client.accounts.userInfo();
    await client.accounts.bulkProfiles({ users: ['kc-123', 'kc-9'] });

    expect(errors.every(isContractWarning)).toBe(true);
    const seen = errors.map((error) => (isContractWarning(error) ? [error.field, error.value] : []));
    expect(seen).toEqual([
      ['height', '172'],
      ['date_of_birth', '12/03/1994'],
      ['body_type', 'petite'],
      ['has_children', 'yes'],
      ['want_children', true],
      ['open_for_relocation', 'sometimes'],
    ]);
    // Each warning says what was done with the value: read as another type, dropped, or kept.
    const messages = errors.map((error) => (isContractWarning(error) ? error.message : ''));
    expect(messages).toContain(
      'accounts.userInfo: response field height is "172", not a number; read as 172',
    );
    expect(messages).toContain(
      'accounts.userInfo: response field open_for_relocation is "sometimes", not true or false; dropped (read as null)',
    );
    expect(messages.find((message) => message.includes('body_type'))).toMatch(/; kept as sent$/);
  });

  it('does not stop a login for a value of another JSON type or an unknown account status', async () => {
    const odd = sampleUser({
      body_type: ['slim', 'curvy'],
      religion: { name: 'christian' },
      height: [172],
      has_children: { value: true },
      date_of_birth: '1996-13-45',
      status: 'pending_review',
    });
    server.handle(() => ({ body: odd }));
    const errors: unknown[] = [];
    const user = await clientReporting(errors).accounts.userInfo();
    expect(user).toMatchObject({
      body_type: null,
      religion: null,
      height: null,
      has_children: null,
      date_of_birth: '1996-13-45',
      status: 'pending_review',
    });
    expect(errors.every(isContractWarning)).toBe(true);
    const seen = Object.fromEntries(
      errors.map((error) => (isContractWarning(error) ? [error.field, error.message] : ['', ''])),
    );
    expect(Object.keys(seen).sort()).toEqual(
      ['body_type', 'date_of_birth', 'has_children', 'height', 'religion', 'status'].sort(),
    );
    expect(seen.body_type).toMatch(/is \["slim","curvy"\], not one of .*; dropped \(read as null\)$/);
    expect(seen.date_of_birth).toMatch(/is "1996-13-45", not a date as YYYY-MM-DD; kept as sent$/);
    expect(seen.status).toMatch(/is "pending_review", not one of active, .*; kept as sent$/);
  });

  it('types the known values for autocompletion and any other text', async () => {
    server.handle(() => ({ body: sampleUser() }));
    const user = await clientReporting([]).accounts.userInfo();
    const bodyType:
      | 'slim'
      | 'athletic'
      | 'average'
      | 'curvy'
      | 'muscular'
      | 'full_figured'
      | (string & {})
      | null
      | undefined = user.body_type;
    const height: number | null | undefined = user.height;
    expect([bodyType, height]).toEqual(['average', 168]);
  });
});
