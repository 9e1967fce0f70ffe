/**
 * The line writer (writer.ts): one transaction after another, each change's deltas out in
 * commit order, publishing pipelined one deep: the next transaction runs while the one
 * before publishes, but not while the one before that still does.
 */
import { expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { describeEachDb } from '@betsite/db/testing';
import type { LiveApi } from '../live/index.ts';
import { LineWriter, type LineWork } from './writer.ts';

/** A live API whose publishes wait until let go, one gate per topic. */
function heldLive() {
  const published: string[] = [];
  const gates = new Map<string, () => void>();
  const live = {
    publish(topic: string) {
      published.push(topic);
      return new Promise<number>((resolve) => gates.set(topic, () => resolve(published.length)));
    },
  } as unknown as LiveApi;
  const release = (topic: string) => {
    const open = gates.get(topic);
    if (!open) throw new Error(`${topic} was not published`);
    open();
  };
  return { live, published, release };
}

/** A change that tells one game's suspension (a game that does not exist: its list row is only looked for). */
const suspend =
  (gameId: number, ran: number[]): LineWork<number> =>
  async (_trx, changes) => {
    ran.push(gameId);
    changes.suspended(gameId, true, 1);
    return gameId;
  };

const tick = () => new Promise((resolve) => setImmediate(resolve));

describeEachDb('line writer', (ctx) => {
  const writerWith = (live: LiveApi) => new LineWriter({ db: ctx.db, live, clock: { now: () => 1 }, logger: pino({ level: 'silent' }) });

  it('answers a commit before its deltas are out, runs the next while they go, and not the one after', async () => {
    const { live, published, release } = heldLive();
    const writer = writerWith(live);
    const ran: number[] = [];
    const first = await writer.commit(suspend(900_001, ran));
    expect(first.result).toBe(900_001);
    await vi.waitFor(() => expect(published).toEqual(['game:900001']));

    // The second runs and commits while the first still publishes; its deltas wait for the first's.
    const second = await writer.commit(suspend(900_002, ran));
    // The third waits for the first's publishing (one deep).
    let thirdCommitted = false;
    const third = writer.commit(suspend(900_003, ran)).then((committed) => {
      thirdCommitted = true;
      return committed;
    });
    for (let i = 0; i < 5; i++) await tick();
    expect(ran).toEqual([900_001, 900_002]);
    expect(published).toEqual(['game:900001']);
    expect(thirdCommitted).toBe(false);

    release('game:900001');
    await first.published;
    // The third's transaction runs now, while the second's deltas go out after the first's.
    await third;
    await vi.waitFor(() => expect(published).toEqual(['game:900001', 'game:900002']));
    expect(ran).toEqual([900_001, 900_002, 900_003]);
    expect(thirdCommitted).toBe(true);

    let idle = false;
    const idling = writer.idle().then(() => {
      idle = true;
    });
    release('game:900002');
    await second.published;
    await vi.waitFor(() => expect(published).toEqual(['game:900001', 'game:900002', 'game:900003']));
    expect(idle).toBe(false);
    release('game:900003');
    await idling;
    expect(idle).toBe(true);
  });

  it('answers a run once its deltas are out', async () => {
    const { live, published, release } = heldLive();
    const writer = writerWith(live);
    let answered = false;
    const running = writer.run(suspend(900_004, [])).then((result) => {
      answered = true;
      return result;
    });
    await vi.waitFor(() => expect(published).toEqual(['game:900004']));
    for (let i = 0; i < 5; i++) await tick();
    expect(answered).toBe(false);
    release('game:900004');
    expect(await running).toBe(900_004);
  });

  it('goes on after a transaction fails, and after a publish fails', async () => {
    const published: string[] = [];
    const live = {
      publish(topic: string) {
        published.push(topic);
        throw new Error('bus down');
      },
    } as unknown as LiveApi;
    const writer = writerWith(live);
    await expect(
      writer.commit(async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // A publish that throws is logged; the change stays committed and the next one runs.
    expect(await writer.run(suspend(900_005, []))).toBe(900_005);
    expect(await writer.run(suspend(900_006, []))).toBe(900_006);
    expect(published).toEqual(['game:900005', 'game:900006']);
  });
});
