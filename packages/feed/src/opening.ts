/**
 * The opening line of a game the simulated world did not make (an operator's game, made
 * through `POST /ops-api/v1/games`): every market of the sport's catalogue, priced by the
 * sport's model for two sides of equal strength (the model's own home edge stays).
 */
import type { Fixture } from './fixtures/schedule.ts';
import { GameRunner } from './runner.ts';
import { createSim } from './sims/create.ts';
import type { FeedGame, FeedMarket } from './types.ts';

export interface OpeningOptions {
  /** Default 5%. */
  margin?: number;
  /** Seeds the model's random parts (an MMA fight's finishing rate). */
  seed?: number;
}

export function openingMarkets(game: FeedGame, { margin = 0.05, seed = 1 }: OpeningOptions = {}): FeedMarket[] {
  const side = (id: string, name: string) => ({ id, sportId: game.sportId, countryId: '', name, rating: 0 });
  const fixture: Fixture = {
    game,
    home: side(game.homeTeamId, game.home),
    away: side(game.awayTeamId, game.away),
    cancelled: false,
    mainEvent: false,
  };
  return new GameRunner(fixture, createSim(fixture, seed), { speed: 1, prematchMargin: margin, liveMargin: margin }).markets;
}
