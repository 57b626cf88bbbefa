import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tanstackQuery from '@tanstack/eslint-plugin-query';
import tanstackRouter from '@tanstack/eslint-plugin-router';
import vitest from '@vitest/eslint-plugin';
import prettier from 'eslint-config-prettier';
import jest from 'eslint-plugin-jest';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Test files by runner: a focused or skipped test must fail lint rather than reach main.
const JEST_TESTS = [
  '{libs,services,deploy}/**/*.spec.ts',
  '{libs,services}/*/test/**/*.ts',
  'e2e/system/**/*.ts',
];
const VITEST_TESTS = ['frontend/{src,scripts}/**/*.test.{ts,tsx}'];
const PLAYWRIGHT_TESTS = ['e2e/browser/**/*.ts'];
const FRONTEND = ['frontend/src/**/*.{ts,tsx}'];

// Items gathered per transaction go through `tx.gather` (the unit of work's), not a map keyed by the
// transaction: it flushes each batch once, in its phase, and refuses items added too late.
const GATHER_BY_HAND = [
  "TSTypeReference[typeName.name=/^(Weak)?Map$/] > .typeArguments > TSTypeReference:first-child[typeName.name='Transaction']",
  "NewExpression[callee.name=/^(Weak)?Map$/] > .typeArguments > TSTypeReference:first-child[typeName.name='Transaction']",
].map((selector) => ({
  selector,
  message: 'Gather per transaction with tx.gather(key, flush), not a map keyed by the transaction.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/*.js',
      '**/*.mjs',
      '!scripts/**/*.mjs',
      '!bench/*.mjs',
      '**/*.cjs',
      '**/dist/**',
      '**/node_modules/**',
      '.infra/**',
      '.nx/**',
      'frontend/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  // The SPA gets its ecosystem's own rules: hooks (with the React Compiler's checks), accessibility,
  // and TanStack's for queries and routes.
  ...[
    reactHooks.configs.flat.recommended,
    jsxA11y.flatConfigs.recommended,
    ...tanstackQuery.configs['flat/recommended'],
    ...tanstackRouter.configs['flat/recommended'],
  ].map((config) => ({ ...config, files: FRONTEND })),
  {
    // With the types: some of TanStack Query's rules (a query function that returns nothing) pass
    // every file without them, silently.
    files: FRONTEND,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      // Boundaries enforced, not just drawn: services import only libs, the frontend only the
      // browser-safe ones (scope:contracts: contracts and content), and the server libraries never the
      // test helpers (which production code of a service may not import either: see the next block).
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['scope:contracts'] },
            { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:contracts', 'scope:server'] },
            { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:contracts', 'scope:server'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Production code of a service must not reach for test helpers.
    files: ['services/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@daybreak/testing', message: 'Test helpers are for tests only.' }] },
      ],
    },
  },
  {
    // A bounded cache is lru-cache's LRUCache (`max`), not a Map that drops its first key or
    // empties itself when full: one eviction rule, kept by its maintainers.
    files: ['services/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='next'][callee.object.callee.property.name='keys']",
          message: "A bounded cache: use lru-cache's LRUCache with `max`, not a Map's first key.",
        },
        {
          selector:
            "IfStatement[test.left.property.name='size'] CallExpression[callee.property.name=/^(clear|delete)$/]",
          message: "A bounded cache: use lru-cache's LRUCache with `max`, not a Map emptied when full.",
        },
        ...GATHER_BY_HAND,
      ],
    },
  },
  {
    // A background job is a PeriodicJob (nest-common): one round at a time, a failed round logged,
    // unref'd, stopped and awaited on shutdown. A hand-made setInterval gets some of that wrong.
    files: ['services/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    // The SSE stream's heartbeat is no job: a timer per open connection, cleared when it closes.
    ignores: ['services/gateway/src/notifications/unread-stream.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setInterval', message: 'Run a background job with PeriodicJob (@daybreak/nest-common).' },
      ],
    },
  },
  {
    // The tests' handlers gather per transaction as the services' do (a later block's
    // no-restricted-syntax replaces an earlier one's, so the block above lists them for src too).
    files: ['services/*/test/**/*.ts', 'libs/*/test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...GATHER_BY_HAND] },
  },
  {
    // A library's own integration tests use it as its users do (`@daybreak/messaging`), and start it
    // with the test helpers, which depend on it: a cycle through test code only, which the project
    // graph cannot tell from one in production code.
    files: ['libs/*/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Configuration is read once, in config.ts, validated by zod.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/config.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts.' },
      ],
    },
  },
  {
    // The tooling scripts and the benchmarks are plain ESM, type-checked by scripts/tsconfig.json and
    // bench/tsconfig.json (checkJs), which also catch undefined names: no-undef would only repeat them
    // without knowing Node's globals.
    files: ['scripts/**/*.mjs', 'bench/*.mjs'],
    rules: {
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: JEST_TESTS,
    plugins: { jest },
    rules: { 'jest/no-focused-tests': 'error', 'jest/no-disabled-tests': 'error' },
  },
  {
    files: VITEST_TESTS,
    plugins: { vitest },
    rules: { 'vitest/no-focused-tests': 'error', 'vitest/no-disabled-tests': 'error' },
  },
  {
    files: PLAYWRIGHT_TESTS,
    plugins: { playwright },
    rules: {
      'playwright/no-focused-test': 'error',
      'playwright/no-skipped-test': 'error',
      // A page beside the test's own comes from story.ts' `newPage`/`pageAs` fixtures, closed with the
      // test whether it passed or not; a context opened by hand stays open when its test fails.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='newContext']",
          message: "Open a page with the `newPage` fixture of e2e/support/story.ts' `test`, which closes it.",
        },
        // A rendered page is on screen before the app runs on it, and a tap then may do nothing.
        {
          selector: 'CallExpression[callee.property.name=/^(goto|reload)$/]',
          message:
            'Open or reload a page with visit()/reload() of e2e/support/story.ts, which wait until the app runs; a test that looks at a page before that says why in a disable comment.',
        },
      ],
    },
  },
);
