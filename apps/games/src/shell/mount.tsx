import { createRoot } from 'react-dom/client';
import type { Boot } from '../boot.ts';
import { App } from './app.tsx';

export function mount(boot: Boot): void {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App boot={boot} />);
}
