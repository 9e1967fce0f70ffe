/**
 * SPEC §4: "A bet counts as live when the game is not finished and has a running timer, is
 * live-in-live, has game status 2 or 3, or its market is live. Finished when flagged or
 * status 4. Locked when blocked, dependent or banned from express."
 *
 * Read as: live = not finished AND (running timer OR live-in-live OR status 2/3 OR live
 * market). A running timer is a game time above zero (`gameTimeSec > 0`), the only timer
 * field a coupon bet carries. Field names are those of SPEC §3 "Coupon bet".
 */
import { GAME_STATUS, isGameInPlay } from './score.ts';

export interface CouponBetState {
  market?: { isLive?: boolean };
  gameIsFinished?: boolean;
  gameIsLiveInLive?: boolean;
  gameStatusId?: number;
  gameTimeSec?: number;
  isBlocked?: boolean;
  isDepend?: boolean;
  isBannedExpress?: boolean;
}

export function isBetFinished(bet: CouponBetState): boolean {
  return bet.gameIsFinished === true || bet.gameStatusId === GAME_STATUS.finished;
}

export function isBetLive(bet: CouponBetState): boolean {
  if (isBetFinished(bet)) return false;
  return (
    (bet.gameTimeSec ?? 0) > 0 ||
    bet.gameIsLiveInLive === true ||
    (bet.gameStatusId !== undefined && isGameInPlay(bet.gameStatusId)) ||
    bet.market?.isLive === true
  );
}

export function isBetLocked(bet: CouponBetState): boolean {
  return bet.isBlocked === true || bet.isDepend === true || bet.isBannedExpress === true;
}
