/** The React component of an engine: its loader (engines.ts) wrapped once in `lazy`. */
import { lazy, type LazyExoticComponent } from 'react';
import { engineLoader, type EngineModule } from '../engines.ts';

export type EngineUi = LazyExoticComponent<EngineModule['default']>;

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
