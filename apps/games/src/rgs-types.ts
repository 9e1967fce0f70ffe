/**
 * The /rgs/v1 answers the games read (issue 13 brief; the zod contract is
 * packages/contracts/src/rgs.ts). Only types: zod stays out of the game bundle.
 */
export interface RgsFairness {
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

export interface RoundView {
  readonly id: string;
  readonly gameId: string;
  readonly engine: string;
  readonly mode: 'real' | 'demo';
  readonly stake: string;
  readonly win: string;
  readonly status: 'open' | 'settled' | 'rolled_back';
  readonly createdAt: string;
  readonly settledAt: string | null;
  readonly fairness: RgsFairness & { readonly serverSeed: string | null };
  readonly input: unknown;
  readonly outcome: unknown;
}

export interface RgsSession {
  readonly gameId: string;
  readonly engine: string;
  readonly mode: 'real' | 'demo';
  readonly currency: string;
  readonly language: string;
  readonly balance: string;
  readonly minStake: string;
  readonly maxStake: string;
  readonly fairness: RgsFairness;
  readonly open: RoundView | null;
  readonly rules: unknown;
}

export interface PlayAnswer {
  readonly round: RoundView;
  readonly balance: string;
}

export interface RotateAnswer {
  readonly revealed: { readonly serverSeed: string; readonly serverSeedHash: string; readonly clientSeed: string; readonly lastNonce: number };
  readonly next: RgsFairness;
}

export type PlayRequest = { readonly action: string } & Readonly<Record<string, unknown>>;
