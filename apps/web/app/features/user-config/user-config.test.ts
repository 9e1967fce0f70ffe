import { describe, expect, it } from 'vitest';
import type { UserConfig } from '@betsite/contracts';
import { createApiClient } from '../../shell/http.ts';
import { testSite } from '../../testing/site-fixture.ts';
import { fetchUserConfig } from './api.ts';
import { showIdentificationLink, identificationAvailable } from './identification.ts';
import { createUserConfigStore } from './store.ts';

const config = (patch: Partial<UserConfig> = {}) => ({ user_id: 'u1', bonus_choice: null, is_verified: false, ...patch }) as UserConfig;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('user config store (SPEC §4 user config load)', () => {
  it('marks not installed while loading, both flags on success, and loads only once', async () => {
    let calls = 0;
    const gate = deferred<UserConfig>();
    const store = createUserConfigStore(() => {
      calls++;
      return gate.promise;
    });
    const first = store.load();
    const second = store.load();
    expect(store.get()).toMatchObject({ installed: false, loaded: false });
    gate.resolve(config());
    expect(await first).toMatchObject({ user_id: 'u1' });
    expect(await second).toMatchObject({ user_id: 'u1' });
    expect(store.get()).toMatchObject({ installed: true, loaded: true, config: { user_id: 'u1' } });
    await store.load();
    expect(calls).toBe(1);
  });

  it('resets the flags on failure, logs it, and tries again next time', async () => {
    const logged: string[] = [];
    let fail = true;
    const store = createUserConfigStore(
      async () => {
        if (fail) throw new Error('HTTP 500');
        return config();
      },
      (m) => logged.push(m),
    );
    expect(await store.load()).toBeNull();
    expect(store.get()).toEqual({ installed: false, loaded: false, config: null });
    expect(logged).toEqual(['user config load failed: HTTP 500']);
    fail = false;
    expect(await store.load()).toMatchObject({ user_id: 'u1' });
    expect(store.get().installed).toBe(true);
  });

  it('forgets everything on logout, including a load still under way', async () => {
    const gate = deferred<UserConfig>();
    const store = createUserConfigStore(() => gate.promise);
    const loading = store.load();
    store.reset();
    gate.resolve(config());
    expect(await loading).toBeNull();
    expect(store.get()).toEqual({ installed: false, loaded: false, config: null });
  });

  it('patches a loaded config and tells subscribers', async () => {
    const store = createUserConfigStore(async () => config());
    await store.load();
    let told = 0;
    store.subscribe(() => told++);
    store.patch({ bonus_choice: 2 });
    expect(store.get().config?.bonus_choice).toBe(2);
    expect(told).toBe(1);
  });
});

describe('fetchUserConfig', () => {
  const clientAnswering = (status: number, body: unknown) =>
    createApiClient(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('answers the result of `{ result, error }`', async () => {
    expect(await fetchUserConfig(clientAnswering(200, { result: config(), error: null }))).toMatchObject({ user_id: 'u1' });
  });

  it('throws on an error answer, a visitor and a malformed body', async () => {
    await expect(fetchUserConfig(clientAnswering(200, { result: null, error: { code: 'x', message: 'broken' } }))).rejects.toThrow('broken');
    await expect(fetchUserConfig(clientAnswering(401, { code: 'unauthorized', message: 'Not logged in' }))).rejects.toThrow('HTTP 401');
    await expect(fetchUserConfig(clientAnswering(200, { something: 'else' }))).rejects.toThrow('unexpected answer');
  });
});

describe('identification link (SPEC §2: only when identification is enabled)', () => {
  const on = testSite({ flags: { ...testSite().flags, identificationEnabled: true } });
  const off = testSite({ flags: { ...testSite().flags, identificationEnabled: false } });

  it('is available only when enabled and the route is not switched off', () => {
    expect(identificationAvailable(on)).toBe(true);
    expect(identificationAvailable(off)).toBe(false);
    expect(identificationAvailable({ ...on, unavailableRoutes: ['office-identification'] })).toBe(false);
  });

  it('is shown to a player asked to identify or offered the bonus, until verified', () => {
    const asked = { is_need_identification: true, is_identification_bonus: false, is_verified: false };
    expect(showIdentificationLink(on, asked)).toBe(true);
    expect(showIdentificationLink(off, asked)).toBe(false);
    expect(showIdentificationLink(on, { ...asked, is_need_identification: false, is_identification_bonus: true })).toBe(true);
    expect(showIdentificationLink(on, { ...asked, is_verified: true })).toBe(false);
    expect(showIdentificationLink(on, { ...asked, is_need_identification: false })).toBe(false);
    expect(showIdentificationLink(on, null)).toBe(false);
  });
});
