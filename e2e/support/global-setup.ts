import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.ts';

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('origin', server.origin);
  project.provide('opsToken', server.opsToken);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string;
    opsToken: string;
  }
}
