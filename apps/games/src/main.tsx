/**
 * The entry: asks for the session at once, then loads React and the shell, so the session
 * request and the biggest download run side by side (first frame sooner).
 */
import { startBoot } from './boot.ts';
import './styles.css';

const boot = startBoot(location.hash);
void import('./shell/mount.tsx').then(({ mount }) => mount(boot));
