// Lint rules, including the import boundaries of ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = 'apps/web/app/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/** `from` may not be imported by files in `target` (paths relative to the repo root). */
const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['**/build-*/**', '**/node_modules/**', '**/build/**', '**/.react-router/**', 'data/**', 'bench/results/**', 'apps/games/dist/**', 'apps/server/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('packages/domain', 'packages/contracts', 'domain imports nothing of ours'),
            zone('packages/domain', 'packages/db', 'domain is pure: no db'),
            zone('packages/domain', 'packages/feed', 'domain is pure: no feed'),
            zone('packages/domain', 'apps', 'domain is pure: no apps'),
            zone('packages/contracts', 'packages/db', 'contracts may import domain only'),
            zone('packages/contracts', 'packages/feed', 'contracts may import domain only'),
            zone('packages/contracts', 'apps', 'contracts may import domain only'),
            zone('packages/db', 'packages/contracts', 'db may import domain types only'),
            zone('packages/db', 'packages/feed', 'db may import domain types only'),
            zone('packages/db', 'apps', 'db may import domain types only'),
            zone('packages/feed', 'packages/db', 'feed does not touch the database'),
            zone('packages/feed', 'apps', 'feed may not import apps'),
            zone('apps/web', 'packages/db', 'web never imports db'),
            zone('apps/web', 'packages/feed', 'web never imports the feed'),
            zone('apps/web', 'apps/server', 'web never imports server code'),
            zone('apps/server', 'apps/web/app', 'server talks to web only through the build'),
            ...features.map((f) =>
              zone(
                `${featuresDir}/${f}`,
                `${featuresDir}/!(${f})/**/!(index).{ts,tsx}`,
                'import another feature only through its index',
              ),
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'react', 'react-dom', 'fastify', 'kysely', 'pg', 'zod'],
              message: 'domain is pure TypeScript: no I/O, no React, no Fastify',
            },
            { group: ['@betsite/*'], message: 'domain imports nothing of ours' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@betsite/db', '@betsite/feed', '@betsite/server', '@betsite/web'], message: 'contracts may import domain only' },
          ],
        },
      ],
    },
  },
  {
    // Text from outside goes through the one rule of packages/contracts/src/text.ts (no NUL, no unpaired surrogates).
    files: ['packages/contracts/src/**/*.ts', 'apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name=/^(string|url)$/]",
          message: 'Use text() / textUrl() of @betsite/contracts (text.ts): they refuse NUL characters and unpaired surrogates',
        },
        {
          selector: "MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
          message: 'Use text() of @betsite/contracts (text.ts): it refuses NUL characters and unpaired surrogates',
        },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    ignores: ['apps/web/app/shell/link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@betsite/db', '@betsite/feed', '@betsite/server'], message: 'web imports domain and contracts only' }],
          // One link for the site: React Router's Link costs hooks in every instance (decision 0037).
          paths: [{ name: 'react-router', importNames: ['Link', 'NavLink'], message: 'use Link and NavLink from apps/web/app/shell/link.tsx' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/shell/link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@betsite/db', '@betsite/feed', '@betsite/server'], message: 'web imports domain and contracts only' }] },
      ],
    },
  },
  {
    files: ['e2e/**', 'chaos/**', 'bench/**', 'packages/db/src/cli/**', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
