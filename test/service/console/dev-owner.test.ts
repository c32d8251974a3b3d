// The development owner `npm start` prints: created once with a random password kept beside the
// key, owner of the development organization; later starts reuse it and never reset a password
// the person changed on the console.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers } from '../../../service/accounts/accounts.js';
import { createDevAccount, DEV_OWNER_EMAIL } from '../../../service/accounts/dev-account.js';
import { changePassword, verifyPerson } from '../../../service/accounts/people.js';
import { openTestStore } from '../store/test-store.js';

const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-dev-owner-'));
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('dev_owner'); });
afterAll(async () => { await store?.drop(); rmSync(dir, { recursive: true, force: true }); });

describe('development owner', () => {
  it('is made once, reused, and keeps a password the person changed', async () => {
    const files = { keyFile: join(dir, 'key'), passwordFile: join(dir, 'password') };
    const first = await createDevAccount(store, files);
    expect(first.console!.email).toBe(DEV_OWNER_EMAIL);
    const password = first.console!.password!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPerson(store, DEV_OWNER_EMAIL, password)).not.toBeNull();
    expect((await listMembers(store, first.organizationId)).find((m) => m.email === DEV_OWNER_EMAIL)?.papel).toBe('owner');

    const again = await createDevAccount(store, files);
    expect(again.console).toEqual({ email: DEV_OWNER_EMAIL, password });
    expect(again.apiKey).toBe(first.apiKey);
    expect(again.balanceMicros).toBe(first.balanceMicros);

    await changePassword(store, DEV_OWNER_EMAIL, password, 'a-senha-da-pessoa');
    const third = await createDevAccount(store, files);
    expect(third.console).toEqual({ email: DEV_OWNER_EMAIL, password: null });
    expect(await verifyPerson(store, DEV_OWNER_EMAIL, 'a-senha-da-pessoa')).not.toBeNull();
  });
});
