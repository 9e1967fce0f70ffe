/**
 * What a benchmark's server process spends while a load runs, measured inside that process:
 * event-loop delay, garbage-collection pauses and CPU (share of one core).
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { wallClock } from './load-feed.ts';

export interface ProcessMeasures {
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** Garbage collection: pauses, their total and the longest. */
  gc: { count: number; totalMs: number; maxMs: number };
  /** CPU time of the process, as a share of one core. */
  cpu: number;
}

/** Starts measuring; the returned function stops and answers the figures. */
export function probeProcess(): () => ProcessMeasures {
  const resolution = 5;
  const loop = monitorEventLoopDelay({ resolution });
  loop.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const cpuBefore = process.cpuUsage();
  const started = wallClock();
  return () => {
    const cpu = process.cpuUsage(cpuBefore);
    const elapsed = wallClock() - started;
    loop.disable();
    observer.disconnect();
    // The histogram counts the sampling interval too.
    const ms = (ns: number) => Math.max(0, ns / 1e6 - resolution);
    return { eventLoopDelayMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) }, gc, cpu: (cpu.user + cpu.system) / 1000 / elapsed };
  };
}
