import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // WEB_BUILD_DIR lets two builds exist side by side (the server reads the same variable).
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  future: {
    // Route middleware: the guard pipeline runs as client middleware on navigation.
    v8_middleware: true,
  },
} satisfies Config;
