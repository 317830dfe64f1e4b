// Type-aware linting for every package: the rules that catch what tests miss (promises nobody
// awaits, promises passed where a callback's result is ignored, unsafe `any` flows), plus the
// React hooks rules for the web app.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Each package is linted with one TypeScript program of all its files, tests included: the server's
 * and shared's tsconfig.lint.json (their sources and tests are type-checked by two projects, the
 * tests against the sources' declarations, see tsconfig.test.json), the web's and the others' own.
 */
const packageProject = (files, project, extraGlobals) => ({
  files,
  languageOptions: {
    globals: extraGlobals,
    parserOptions: { project, tsconfigRootDir: root },
  },
});

/**
 * Server layers import one way (docs/architecture.md):
 *   http (+ each feature's routes.ts) → modules (features) → automation → messaging → channels
 *   → store (data access, presenters) → db, lib, access (authorize() over the shared policy table).
 * Each folder below names the folders above it, which it must not import. Tests and the
 * composition roots (app.ts, services.ts, realtime-wiring.ts) may import anything.
 */
const SERVER = 'packages/server/src';
const ABOVE = {
  store: ['modules', 'automation', 'messaging', 'channels', 'realtime', 'http'],
  realtime: ['modules', 'automation', 'messaging', 'channels', 'http'],
  channels: ['modules', 'automation', 'messaging', 'http'],
  messaging: ['modules', 'automation', 'http'],
  automation: ['modules', 'http'],
  lib: ['store', 'modules', 'automation', 'messaging', 'channels', 'realtime', 'http'],
  access: ['store', 'modules', 'automation', 'messaging', 'channels', 'realtime', 'http'],
  db: ['lib', 'store', 'modules', 'automation', 'messaging', 'channels', 'realtime', 'http'],
};
const layerRules = Object.entries(ABOVE).map(([layer, above]) => ({
  files: [`${SERVER}/${layer}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: above.map((upper) => ({
          group: [`../${upper}/*`, `../../${upper}/*`, `../../../${upper}/*`],
          message: `${layer} is below ${upper}: pass what it needs in (a callback, an interface declared in ${layer}) instead of importing it.`,
        })),
      },
    ],
  },
}));
// context.ts is imported by every layer: it may name only what sits below them all.
layerRules.push({
  files: [`${SERVER}/context.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['./modules/*', './automation/*', './messaging/*', './channels/*', './http/*'],
            message: 'context.ts is below every feature.',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      // Build-tool configuration files, outside every package's type-checked sources.
      'vitest.config.ts',
      'packages/server/drizzle.config.ts',
      'packages/web/vite.config.ts',
      'packages/web/sw/plugin.ts',
      'packages/web/vite.widget.config.ts',
      'packages/web/vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  packageProject(['packages/shared/src/**/*.ts'], './packages/shared/tsconfig.lint.json', {}),
  packageProject(['packages/server/src/**/*.ts'], './packages/server/tsconfig.lint.json', globals.node),
  packageProject(['packages/web/src/**/*.{ts,tsx}'], './packages/web/tsconfig.json', globals.browser),
  packageProject(['e2e/**/*.ts'], './e2e/tsconfig.json', globals.node),
  packageProject(['bench/**/*.ts'], './bench/tsconfig.json', globals.node),
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Unused names are an error, except the conventional `_`-prefixed placeholders.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  ...layerRules,
  {
    // Every realtime event goes out through realtime/announce.ts, which also sends the webhook
    // events it stands for: an emit anywhere else could send one without the other.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/realtime/announce.ts', 'packages/server/src/realtime/realtime.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^emit(Except|ToAll|ToAdmins)?$/][callee.object.property.name='realtime']",
          message: 'Announce through realtime/announce.ts (announce, Announcements): it sends the webhook events too.',
        },
        {
          selector: "CallExpression[callee.property.name=/^emit(Except|ToAll|ToAdmins)?$/][callee.object.name='realtime']",
          message: 'Announce through realtime/announce.ts (announce, Announcements): it sends the webhook events too.',
        },
      ],
    },
  },
  {
    // Tests read the raw JSON bodies of HTTP and socket answers to assert on them field by field:
    // that is their job, so the `any` of a parsed body is expected there (and only there). The
    // promise rules stay on for tests: an unawaited assertion is a test that cannot fail.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'packages/*/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `expect(spy.method).toHaveBeenCalled()` passes methods unbound on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
