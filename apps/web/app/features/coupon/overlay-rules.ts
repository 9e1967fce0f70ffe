/**
 * The coupon's rules that every page needs (the coupon overlay of the main and casino
 * layouts): when to remind of a waiting coupon, and what remote apps' browser events may
 * carry. Apart from slip-state.ts, which the slip loads with it, so pages carry only these.
 */
import type { Selection } from '../line/index.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------- the reminder (SPEC §4 coupon notification)

/** SPEC §9: 30 s when a live bet waits in the slip, 5 minutes otherwise. */
export const REMINDER_LIVE_MS = 30_000;
export const REMINDER_LINE_MS = 5 * 60_000;

/** When to remind of a waiting coupon: null when it holds no playable bet. */
export function reminderDelay(bets: readonly { isLive: boolean; blocked: boolean }[]): number | null {
  const open = bets.filter((b) => !b.blocked);
  if (open.length === 0) return null;
  return open.some((b) => b.isLive) ? REMINDER_LIVE_MS : REMINDER_LINE_MS;
}

// ---------------------------------------------------------------- remote apps (SPEC §7: coupon add and update are browser events)

/** `window.dispatchEvent(new CustomEvent('coupon:add', { detail: selection }))`: a remote app puts a pick in the slip. */
export const COUPON_ADD_EVENT = 'coupon:add';
/** `detail: { id, coef }` or `{ gameId, outcomeKey, coef }`: a remote app updates a pick's odds. */
export const COUPON_UPDATE_EVENT = 'coupon:update';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);
const team = (v: unknown): { id: number; name: string } | null => (isRecord(v) && num(v['id']) !== null && str(v['name']) !== null ? { id: v['id'] as number, name: v['name'] as string } : null);
const validCoef = (c: number | null): c is number => c !== null && c > 1 && c <= 1000 && Math.abs(Math.round(c * 1000) - c * 1000) < 1e-6;

/** A remote app's selection, checked like a stored one; null when it is not one. */
export function remoteSelection(detail: unknown): Selection | null {
  if (!isRecord(detail)) return null;
  const gameId = num(detail['gameId']);
  const outcomeKey = str(detail['outcomeKey']);
  const coef = num(detail['coef']);
  const home = team(detail['home']);
  const away = team(detail['away']);
  if (gameId === null || !Number.isInteger(gameId) || gameId < 1 || outcomeKey === null || !validCoef(coef) || !home || !away) return null;
  return {
    id: `${gameId}|${outcomeKey}`,
    gameId,
    outcomeKey,
    marketKey: str(detail['marketKey']) ?? outcomeKey.split('/')[0] ?? outcomeKey,
    typeId: num(detail['typeId']) ?? 0,
    groupId: num(detail['groupId']) ?? 0,
    marketName: str(detail['marketName']) ?? '',
    pickName: str(detail['pickName']) ?? outcomeKey,
    coef,
    sportId: num(detail['sportId']) ?? 0,
    sportSlug: str(detail['sportSlug']) ?? 'sport',
    champId: num(detail['champId']) ?? 0,
    champName: str(detail['champName']) ?? '',
    isLive: detail['isLive'] === true,
    home,
    away,
    startsAt: num(detail['startsAt']) ?? 0,
  };
}

/** A remote app's odds update as `selection id → coef`; null when it is not one. */
export function remoteUpdate(detail: unknown): { id: string; coef: number } | null {
  if (!isRecord(detail)) return null;
  const coef = num(detail['coef']);
  if (!validCoef(coef)) return null;
  const id = str(detail['id']);
  if (id && /^\d+\|.+/.test(id)) return { id, coef };
  const gameId = num(detail['gameId']);
  const outcomeKey = str(detail['outcomeKey']);
  return gameId !== null && outcomeKey !== null ? { id: `${gameId}|${outcomeKey}`, coef } : null;
}
