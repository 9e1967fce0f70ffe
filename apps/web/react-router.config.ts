import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Route middleware: the guard pipeline runs as client middleware on navigation.
    v8_middleware: true,
  },
} satisfies Config;
