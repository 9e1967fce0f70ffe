import type { Config } from '@react-router/dev/config';

// The bare stack of the benchmarks' baseline: server rendering, nothing else.
export default {
  appDirectory: 'app',
  ssr: true,
  buildDirectory: 'build',
} satisfies Config;
