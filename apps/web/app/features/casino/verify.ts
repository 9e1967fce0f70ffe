/**
 * The verify page's check (issue 13 part 5): a round recomputed in the browser with the
 * game server's own code (`verifyEngineRound` of the domain) from its revealed server seed,
 * client seed, nonce and input, and whether sha256(server seed) is the hash shown before play.
 */
import { ENGINES, isEngine, RoundError, verifyEngineRound, type RoundInput } from '@betsite/domain';
import type { CasinoRound } from './rounds.ts';

export const VERIFY_ENGINES: readonly string[] = ENGINES;

/** The form as typed. */
export interface VerifyForm {
  engine: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** The round's input as JSON (`{ "actions": [...] }`). */
  input: string;
}

export const emptyVerifyForm: VerifyForm = { engine: 'fruit-fiesta', serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '0', input: '' };

export type VerifyError = 'engine' | 'server_seed' | 'client_seed' | 'nonce' | 'input_json' | 'input';

export type VerifyOutcome =
  | {
      ok: true;
      /** null when no hash was given to compare with. */
      hashMatches: boolean | null;
      status: 'open' | 'settled';
      stake: string;
      win: string;
      view: unknown;
    }
  | { ok: false; error: VerifyError; detail?: string };

/** The form filled from a round of the history. */
export function formFromRound(round: Pick<CasinoRound, 'engine' | 'fairness' | 'input'>): VerifyForm {
  return {
    engine: round.engine,
    serverSeed: round.fairness.serverSeed ?? '',
    serverSeedHash: round.fairness.serverSeedHash,
    clientSeed: round.fairness.clientSeed,
    nonce: String(round.fairness.nonce),
    input: JSON.stringify(round.input, null, 2),
  };
}

function isRoundInput(value: unknown): value is RoundInput {
  return typeof value === 'object' && value !== null && Array.isArray((value as { actions?: unknown }).actions);
}

/** Recomputes the round of the form; never throws. */
export function verifyForm(form: VerifyForm): VerifyOutcome {
  const engine = form.engine.trim();
  if (!isEngine(engine)) return { ok: false, error: 'engine' };
  const serverSeed = form.serverSeed.trim();
  if (serverSeed === '') return { ok: false, error: 'server_seed' };
  const clientSeed = form.clientSeed.trim();
  if (clientSeed === '') return { ok: false, error: 'client_seed' };
  const nonceText = form.nonce.trim();
  const nonce = /^\d{1,15}$/.test(nonceText) ? Number(nonceText) : NaN;
  if (!Number.isSafeInteger(nonce)) return { ok: false, error: 'nonce' };
  let input: unknown;
  try {
    input = JSON.parse(form.input);
  } catch {
    return { ok: false, error: 'input_json' };
  }
  if (!isRoundInput(input)) return { ok: false, error: 'input' };
  const hash = form.serverSeedHash.trim();
  try {
    const { hashMatches, result } = verifyEngineRound(engine, input, { serverSeed, clientSeed, nonce, serverSeedHash: hash === '' ? '' : hash });
    return { ok: true, hashMatches: hash === '' ? null : hashMatches, status: result.status, stake: String(result.stake), win: String(result.win), view: result.view };
  } catch (error) {
    if (error instanceof RoundError) return { ok: false, error: 'input', detail: error.message };
    throw error;
  }
}

/** Whether the recomputed round is the one the history recorded (same stake, win and what was shown). */
export function matchesRecorded(outcome: Extract<VerifyOutcome, { ok: true }>, round: Pick<CasinoRound, 'stake' | 'win' | 'outcome'>): boolean {
  return outcome.stake === round.stake && outcome.win === round.win && stableJson(outcome.view) === stableJson(round.outcome);
}

/** JSON with object keys sorted, so equal values compare equal as text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(String(value));
  return JSON.stringify(value) ?? 'null';
}
