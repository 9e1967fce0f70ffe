/** Runs every benchmark in turn; each prints its own figures. */
import { spawnSync } from 'node:child_process';

const scripts = ['bench/ssr.ts', 'bench/footprint.ts', 'bench/bundle.ts', 'bench/accounts.ts', 'bench/logins.ts', 'bench/captcha.ts', 'bench/live.ts', 'bench/line.ts', 'bench/feed-fanout.ts', 'bench/ledger-house.ts', 'bench/coupon-quote.ts', 'bench/placements.ts', 'bench/coupon-settlement.ts', 'bench/limits.ts', 'bench/casino-rtp.ts', 'bench/casino-rounds.ts', 'bench/casino-lobby.ts', 'bench/casino-launch.ts'];
for (const script of scripts) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
