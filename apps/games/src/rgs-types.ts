/**
 * The /rgs/v1 answers the games read: the contract's types (packages/contracts/src/rgs.ts),
 * imported as types only so zod stays out of the game bundle.
 */
export type { RgsSessionView as RgsSession, RoundView, RgsFairness, RgsPlayAnswer as PlayAnswer, RotateAnswer } from '@betsite/contracts';

/**
 * A play request: the engine's own (RgsPlayRequest of the contract for the solo engines; the
 * shared engines have theirs), posted as is.
 */
export type PlayRequest = { readonly action: string } & Readonly<Record<string, unknown>>;
