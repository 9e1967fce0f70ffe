/** Games for browser tests: an operator game made through the ops API, its odds, and a pick from its page. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ops, origin } from './browser.ts';
import { hydrated } from './player.ts';

export const HOME = '1x2:match/home';

interface GameBody {
  id: number;
  markets: { key: string; outcomes: { key: string; coef: number }[] }[];
}

/** A football game in `champName` (pre-match unless `live`), with the coef of its home win. */
export async function createGame(champName: string, home: string, away: string, live = false): Promise<{ id: number; coef: number }> {
  const res = await ops('POST', '/games', { sportId: 1, champName, home, away, live });
  const { game } = (await res.json()) as { game: GameBody };
  const coef = game.markets.flatMap((m) => m.outcomes).find((o) => o.key === HOME)?.coef;
  if (coef === undefined) throw new Error('the game has no 1X2 market');
  return { id: game.id, coef };
}

/** Sets the coef of one outcome (the home win unless told). */
export const setCoef = (gameId: number, coef: number, key = HOME) => ops('PATCH', `/games/${gameId}/odds`, { outcomes: [{ key, coef }] });

/** A game whose home win is at 2.00: its id. */
export async function gameAt2(champName: string, home: string, away: string): Promise<number> {
  const { id } = await createGame(champName, home, away);
  await setCoef(id, 2);
  return id;
}

/** Clicks the home win of a game on its page (line or live) and waits until it shows as picked. */
export async function pickHome(page: Page, gameId: number, section: 'line' | 'live' = 'line'): Promise<void> {
  await page.goto(`${origin()}/en/${section}/all/1-football/x/${gameId}`);
  await hydrated(page);
  const odd = page.locator(`#main-content button[data-outcome="${HOME}"]`).first();
  await expect.poll(() => odd.count(), { timeout: 10_000 }).toBe(1);
  await odd.click();
  await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
}
