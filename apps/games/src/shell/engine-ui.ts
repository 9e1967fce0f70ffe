/**
 * The React component of an engine: its module's component once loaded (`loadEngineUi`), else
 * its loader (engines.ts) wrapped once in `lazy`. The app waits for the module before showing
 * the game: a `lazy` component suspends on its first render even when its chunk is in, and
 * React holds a Suspense boundary's content back up to 300 ms after its fallback showed, which
 * was a third of a launch (issue 13: launch to first frame).
 */
import { lazy, type ComponentType } from 'react';
import { engineLoader } from '../engines.ts';

export type EngineUi = ComponentType;

const made = new Map<string, EngineUi>();

export function engineUi(engine: string): EngineUi | null {
  const load = engineLoader(engine);
  if (!load) return null;
  let ui = made.get(engine);
  if (!ui) {
    ui = lazy(load);
    made.set(engine, ui);
  }
  return ui;
}

/** Loads an engine's module and keeps its component for `engineUi`; a failed load leaves the `lazy` one (its error shows in the game). */
export async function loadEngineUi(engine: string): Promise<void> {
  const load = engineLoader(engine);
  if (!load) return;
  try {
    made.set(engine, (await load()).default);
  } catch {
    // engineUi's lazy component loads it again and reports the failure.
  }
}
