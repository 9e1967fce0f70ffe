// The sportsbook's pure core: sports, markets, settlement, pricing and the models.
// Internal helpers (race chains, distribution arithmetic) stay unexported.
export { SPORT, SPORTS, isSportId, sportInfo } from './sports.ts';
export type { GameFormat, PeriodName, SportId, SportInfo, SportStructure } from './sports.ts';
export { GAME_STATUS, isGameInPlay, isGameOver, isScopeFinal, isScopeId, periodScope, scopePeriod, scopeScore } from './score.ts';
export type { GamePhase, GameResult, GameStatusId, ScopeId, Score } from './score.ts';
export {
  MARKET_BASIS,
  MARKET_GROUP_ID,
  MARKET_TYPES,
  bttsMarket,
  correctScoreMarket,
  doubleChanceMarket,
  drawNoBetMarket,
  formatLine,
  handicapMarket,
  marketFromKey,
  marketName,
  oddEvenMarket,
  oneXTwoMarket,
  outcomeFromKey,
  outcomeName,
  outcomeTypeId,
  scopeName,
  setScoreMarket,
  setScoreMarketFromKey,
  totalMarket,
  winnerMarket,
} from './markets.ts';
export type { MarketSpec, MarketType, OutcomeKind, OutcomeSpec } from './markets.ts';
export {
  BET_STATUS,
  judgeOutcome,
  settleMarket,
  settleOutcome,
  stakeShares,
} from './settlement.ts';
export type { BetStatus, OutcomeSettlement, ScoredStatus } from './settlement.ts';
export { distFromJoint, distFromMarginals, normalCdf, normalQuantile } from './distribution.ts';
export type { JointCell, ScopeDists, ScoreDist, ValueCell } from './distribution.ts';
export { expectedShares, fairProbabilities, priceMarket, priceMarkets } from './pricing.ts';
export type { PricedMarket, PricedOutcome, PricingOptions } from './pricing.ts';
export { gameMarkets } from './catalogue.ts';
export { isBetFinished, isBetLive, isBetLocked } from './bet-state.ts';
export type { CouponBetState } from './bet-state.ts';
export { GOALS_NOT_STARTED, footballParams, goalRatesPerMinute, goalsDists, hockeyParams } from './models/goals.ts';
export type { GoalsLiveState, GoalsParams } from './models/goals.ts';
export { pointsDists } from './models/points.ts';
export type { PointsLiveState, PointsParams } from './models/points.ts';
export {
  tableTennisDists,
  tableTennisServer,
  tennisDists,
  tennisMatchHome,
  tennisTiebreakServer,
  volleyballDists,
  volleyballSetTarget,
} from './models/racket.ts';
export type {
  TableTennisLiveState,
  TableTennisParams,
  TennisLiveState,
  TennisParams,
  VolleyballLiveState,
  VolleyballParams,
} from './models/racket.ts';
export { DOTA_LEAD_SD, DOTA_MAP_MINUTES, cs2Dists, dota2Dists, dotaDrift, dotaMapHome } from './models/esports.ts';
export type { Cs2LiveState, Cs2Params, Dota2LiveState, Dota2Params } from './models/esports.ts';
export { mmaDists, mmaShare } from './models/fight.ts';
export type { MmaLiveState, MmaParams } from './models/fight.ts';
export { STANDING_POINTS, computeStandings, countsInStandings } from './standings.ts';
export type { StandingGame, StandingRow, StandingTeam } from './standings.ts';
