/**
 * Engine id (the session's `engine`) → its front-end, loaded on demand so the first frame
 * only waits for the shell and the one game played. The shared-round engines (crash-live,
 * bingo-90, tv-roulette, tv-keno, virtual-football, virtual-race) add their entries here,
 * pointing into src/shared/. A component takes no props: it reads `useGame()`.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type EngineUi = LazyExoticComponent<ComponentType>;


export const ENGINE_UIS: Readonly<Record<string, EngineUi>> = {
  dice: lazy(() => import('./games/dice/dice-game.tsx')),
};

export function engineUi(engine: string): EngineUi | null {
  return Object.hasOwn(ENGINE_UIS, engine) ? (ENGINE_UIS[engine] as EngineUi) : null;
}
