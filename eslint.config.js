// typescript-eslint's type-aware recommended rules; Prettier owns the layout (`npm run lint` runs both).
// Why each choice below: docs/decisions/lint.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = {
  process: 'readonly',
  console: 'readonly',
  URL: 'readonly',
  Buffer: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  fetch: 'readonly',
  AbortController: 'readonly',
  TextEncoder: 'readonly',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'data/**',
      '**/node_modules/**',
      'packages/*/dist/**',
      'src/library/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Ports are async by contract (a repository or provider interface returns a Promise); an in-memory or
      // synchronous implementation of one is still `async` so it throws as a rejection, not synchronously.
      '@typescript-eslint/require-await': 'off',
      // `_`-prefixed names are deliberately unused (a parameter a signature requires, a destructured-away field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Plain JavaScript (the CLI, this file): no type information to check against.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: nodeGlobals,
    },
  },
  {
    // Tests and benchmarks read JSON answers (`res.json()` is `any` by design: the contract, not the types, is
    // under test), so the `no-unsafe-*` family would flag every assertion on a response body.
    files: ['test/**/*.ts', '**/*.test.ts', 'bench/**/*.ts', 'packages/*/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
