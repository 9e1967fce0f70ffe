/**
 * MMA: a fight of up to `rounds` rounds. It ends early (KO, TKO, submission) at a constant
 * rate per minute of fighting; an early finish goes to home with `homeFinish`, a decision
 * after the last round to home with `homeDecision` unless it is a draw (`draw`). Live,
 * `edge` — log-odds earned so far (knockdowns, dominant rounds) — shifts both shares.
 * Scored as 1-0 / 0-1 / 0-0 (draw); `period-count` is the number of rounds fought.
 */
import { addTo, distFromJoint, distFromMarginals, logistic, logit, type ScopeDists } from '../distribution.ts';

export interface MmaParams {
  rounds: number;
  roundMinutes: number;
  /** Chance per minute of an early finish. */
  finishRate: number;
  homeFinish: number;
  homeDecision: number;
  draw: number;
}

export interface MmaLiveState {
  /** 0 before the fight; k while round k is fought or in the break after it. */
  round: number;
  /** Minutes fought in the round. */
  minute: number;
  roundOver: boolean;
  /** Log-odds edge of home earned in the fight so far. */
  edge: number;
}

export function mmaShare(share: number, edge: number): number {
  return logistic(logit(Math.min(Math.max(share, 1e-6), 1 - 1e-6)) + edge);
}

export function mmaDists(params: MmaParams, state: MmaLiveState): ScopeDists {
  let alive = 1;
  let finished = 0;
  const rounds = new Map<number, number>();
  for (let k = Math.max(state.round, 1); k <= params.rounds; k++) {
    let minutes = params.roundMinutes;
    if (k === state.round) minutes = state.roundOver ? 0 : Math.max(params.roundMinutes - state.minute, 0);
    const ends = alive * (1 - Math.exp(-params.finishRate * minutes));
    if (ends > 0) addTo(rounds, k, ends);
    finished += ends;
    alive -= ends;
  }
  addTo(rounds, params.rounds, alive);
  const homeFinish = mmaShare(params.homeFinish, state.edge);
  const homeDecision = mmaShare(params.homeDecision, state.edge);
  const home = finished * homeFinish + alive * (1 - params.draw) * homeDecision;
  const draw = alive * params.draw;
  return {
    match: distFromJoint([
      [1, 0, home],
      [0, 1, 1 - home - draw],
      [0, 0, draw],
    ]),
    'period-count': distFromMarginals(rounds, rounds),
  };
}
