/**
 * Engine id (the session's `engine`) → its front-end, loaded on demand so the first frame
 * only waits for the shell and the one game played. The shared-round engines (crash-live,
 * bingo-90, tv-roulette, tv-keno, virtual-football, virtual-race) add their entries here,
 * pointing into src/shared/. A component takes no props: it reads `useGame()`.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type EngineUi = LazyExoticComponent<ComponentType>;

const slots = lazy(() => import('./games/slots/slot-game.tsx'));

export const ENGINE_UIS: Readonly<Record<string, EngineUi>> = {
  'fruit-fiesta': slots,
  'pharaohs-gold': slots,
  'neon-nights': slots,
  'european-roulette': lazy(() => import('./games/roulette/roulette-game.tsx')),
  blackjack: lazy(() => import('./games/blackjack/blackjack-game.tsx')),
  'jacks-or-better': lazy(() => import('./games/video-poker/video-poker-game.tsx')),
  keno: lazy(() => import('./games/keno/keno-game.tsx')),
  dice: lazy(() => import('./games/dice/dice-game.tsx')),
  mines: lazy(() => import('./games/mines/mines-game.tsx')),
  scratch: lazy(() => import('./games/scratch/scratch-game.tsx')),
  crash: lazy(() => import('./games/crash/crash-game.tsx')),
  'crash-live': lazy(() => import('./shared/crash-live/crash-live-game.tsx')),
  'tv-roulette': lazy(() => import('./shared/tv-roulette/tv-roulette-game.tsx')),
  'tv-keno': lazy(() => import('./shared/tv-keno/tv-keno-game.tsx')),
  'bingo-90': lazy(() => import('./shared/bingo/bingo-game.tsx')),
};

export function engineUi(engine: string): EngineUi | null {
  return Object.hasOwn(ENGINE_UIS, engine) ? (ENGINE_UIS[engine] as EngineUi) : null;
}
