/**
 * The entry: asks for the session at once, then loads React and the shell, and the session's
 * game as soon as the session answers — the three downloads side by side (first frame sooner).
 */
import { startBoot } from './boot.ts';
import { preloadEngine } from './engines.ts';
import './styles.css';

const boot = startBoot(location.hash);
boot.session?.then((session) => preloadEngine(session.engine), () => undefined);
void import('./shell/mount.tsx').then(({ mount }) => mount(boot));
