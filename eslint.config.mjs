import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.infra/**',
      '.nx/**',
      'frontend/src/routeTree.gen.ts',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      // Boundaries enforced, not just drawn: services import only libs, the frontend only contracts,
      // and the test helpers only from tests.
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
);
