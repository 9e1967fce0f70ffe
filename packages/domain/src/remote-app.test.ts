import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REMOTE_APP_STATE,
  canReload,
  canTransition,
  initialRemoteApp,
  isFailed,
  retryDelayMs,
  stepRemoteApp,
  type RemoteApp,
  type RemoteAppEvent,
  type RemoteAppState,
} from './remote-app.ts';

const { notExist, error, loading, ready } = REMOTE_APP_STATE;
const STATES: RemoteAppState[] = [notExist, error, loading, ready];

const event: fc.Arbitrary<RemoteAppEvent> = fc.oneof(
  fc.constant<RemoteAppEvent>({ type: 'open' }),
  fc.constant<RemoteAppEvent>({ type: 'ready' }),
  fc.record({ type: fc.constant('fail' as const), code: fc.constantFrom('network', 'server_error', 'game_not_found'), retryable: fc.boolean() }),
  fc.record({ type: fc.constant('crash' as const), code: fc.constant('session_invalid') }),
  fc.constant<RemoteAppEvent>({ type: 'retry' }),
  fc.constant<RemoteAppEvent>({ type: 'reload' }),
  fc.constant<RemoteAppEvent>({ type: 'close' }),
);
/** Events with the time that passed before each. */
const run = fc.array(fc.tuple(event, fc.integer({ min: 0, max: 5000 })), { maxLength: 60 });

function play(steps: [RemoteAppEvent, number][], start = 1_000_000) {
  let app: RemoteApp = initialRemoteApp;
  let now = start;
  const trace: { before: RemoteApp; event: RemoteAppEvent; after: RemoteApp; now: number }[] = [];
  for (const [e, dt] of steps) {
    now += dt;
    const before = app;
    app = stepRemoteApp(app, e, now);
    trace.push({ before, event: e, after: app, now });
  }
  return trace;
}

describe('remote app states (SPEC §4)', () => {
  it('allows exactly the transitions of SPEC §4', () => {
    const allowed = STATES.flatMap((from) => STATES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(['-1→-2', '-1→1', '-2→1', '-2→2', '1→-1', '1→-2', '1→2', '2→-2'].sort());
  });

  it('never makes a transition SPEC §4 does not allow, whatever happens in whatever order', () => {
    fc.assert(
      fc.property(run, (steps) => {
        for (const { before, after } of play(steps)) {
          if (before.state !== after.state) expect(canTransition(before.state, after.state)).toBe(true);
        }
      }),
    );
  });

  it('retries a retryable failure at most 3 times, 1000, 2000 then 4000 ms after the failure', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n))).toEqual([1000, 2000, 4000]);
    fc.assert(
      fc.property(run, (steps) => {
        for (const { event: e, before, after, now } of play(steps)) {
          expect(after.retries).toBeLessThanOrEqual(3);
          if (e.type === 'fail' && before.state === loading) {
            expect(after.state).toBe(error);
            if (e.retryable && before.retries < 3) expect(after.retryAt).toBe(now + retryDelayMs(before.retries + 1));
            else expect(after.retryAt).toBeNull();
          }
          // A retry never comes early.
          if (e.type === 'retry' && after.state === loading && before.state === error) expect(now).toBeGreaterThanOrEqual(before.retryAt!);
        }
      }),
    );
  });

  it('loads 4 times in all when every load fails, then waits for the player', () => {
    let app = stepRemoteApp(initialRemoteApp, { type: 'open' }, 0);
    let now = 0;
    const loads: number[] = [now];
    for (;;) {
      app = stepRemoteApp(app, { type: 'fail', code: 'server_error', retryable: true }, now);
      if (app.retryAt === null) break;
      now = app.retryAt;
      app = stepRemoteApp(app, { type: 'retry' }, now);
      loads.push(now);
    }
    expect(loads).toEqual([0, 1000, 3000, 7000]);
    expect(app).toMatchObject({ state: error, fault: 'server_error', retries: 3 });
    expect(isFailed(app)).toBe(true);
    expect(stepRemoteApp(app, { type: 'reload' }, now + 1000)).toMatchObject({ state: loading, retries: 0, fault: null });
  });

  it('takes a reload at most once a second', () => {
    fc.assert(
      fc.property(run, (steps) => {
        let lastReloadTaken: number | null = null;
        for (const { event: e, before, after, now } of play(steps)) {
          const tookReload = e.type === 'reload' && after !== before;
          if (tookReload) {
            if (lastReloadTaken !== null) expect(now - lastReloadTaken).toBeGreaterThanOrEqual(1000);
            lastReloadTaken = now;
          }
          if (e.type === 'open' && after !== before) lastReloadTaken = now;
        }
      }),
    );
    const failed = stepRemoteApp(stepRemoteApp(initialRemoteApp, { type: 'open' }, 0), { type: 'fail', code: 'x', retryable: false }, 10);
    expect(canReload(failed, 999)).toBe(false);
    expect(stepRemoteApp(failed, { type: 'reload' }, 999)).toBe(failed);
    expect(canReload(failed, 1000)).toBe(true);
  });

  it('becomes ready on the ready message, and a running app that crashes is taken down with its fault shown', () => {
    let app = stepRemoteApp(initialRemoteApp, { type: 'open' }, 0);
    app = stepRemoteApp(app, { type: 'ready' }, 200);
    expect(app).toMatchObject({ state: ready, fault: null });
    expect(stepRemoteApp(app, { type: 'fail', code: 'x', retryable: true }, 300)).toBe(app);
    app = stepRemoteApp(app, { type: 'crash', code: 'session_invalid' }, 5000);
    expect(app).toMatchObject({ state: notExist, fault: 'session_invalid' });
    expect(isFailed(app)).toBe(true);
    // The view still shows it: it is not opened again behind the player's back.
    expect(stepRemoteApp(app, { type: 'open' }, 6000)).toBe(app);
    expect(stepRemoteApp(app, { type: 'reload' }, 6000)).toMatchObject({ state: loading });
  });

  it('resets to not-exist when no view uses it', () => {
    fc.assert(
      fc.property(run, (steps) => {
        const trace = play(steps);
        const last = trace.at(-1)?.after ?? initialRemoteApp;
        expect(stepRemoteApp(last, { type: 'close' }, 0)).toEqual(initialRemoteApp);
      }),
    );
  });
});
