/**
 * Engine id (the session's `engine`) → how to load its front-end. Each game is its own chunk;
 * the entry starts loading the session's game as soon as the session answers, beside React
 * (this file must stay free of React at run time: the entry imports it). The shared-round
 * engines (crash-live, bingo-90, tv-roulette, tv-keno, virtual-football, virtual-race) add
 * their entries here, pointing into src/shared/. A component takes no props: it reads
 * `useGame()`; its module's default export is the component.
 */
import type { ComponentType } from 'react';

export type EngineModule = { readonly default: ComponentType };
export type EngineLoader = () => Promise<EngineModule>;

const slots: EngineLoader = () => import('./games/slots/slot-game.tsx');

export const ENGINE_LOADERS: Readonly<Record<string, EngineLoader>> = {
  'fruit-fiesta': slots,
  'pharaohs-gold': slots,
  'neon-nights': slots,
  'european-roulette': () => import('./games/roulette/roulette-game.tsx'),
  blackjack: () => import('./games/blackjack/blackjack-game.tsx'),
  'jacks-or-better': () => import('./games/video-poker/video-poker-game.tsx'),
  keno: () => import('./games/keno/keno-game.tsx'),
  dice: () => import('./games/dice/dice-game.tsx'),
  mines: () => import('./games/mines/mines-game.tsx'),
  scratch: () => import('./games/scratch/scratch-game.tsx'),
  crash: () => import('./games/crash/crash-game.tsx'),
  'crash-live': () => import('./shared/crash-live/crash-live-game.tsx'),
  'tv-roulette': () => import('./shared/tv-roulette/tv-roulette-game.tsx'),
  'tv-keno': () => import('./shared/tv-keno/tv-keno-game.tsx'),
  'bingo-90': () => import('./shared/bingo/bingo-game.tsx'),
  'virtual-football': () => import('./shared/virtual/virtual-football-game.tsx'),
  'virtual-race': () => import('./shared/virtual/virtual-race-game.tsx'),
};

export function engineLoader(engine: string): EngineLoader | null {
  return Object.hasOwn(ENGINE_LOADERS, engine) ? (ENGINE_LOADERS[engine] as EngineLoader) : null;
}

/** Starts fetching a game's chunk (the module is kept, so the later render finds it loaded). */
export function preloadEngine(engine: string): void {
  engineLoader(engine)?.().catch(() => undefined);
}
