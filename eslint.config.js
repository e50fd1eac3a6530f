import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Import patterns that keep web features apart; the regexes run on the import's source text. */
const internals = String.raw`((?!api$)[a-z][^/]*|[^/]+\.css)$`;
const webBoundaries = {
  featureInternals: {
    regex: String.raw`(^|/)features/[^/]+/` + internals,
    caseSensitive: true,
    message: 'Import a feature through its public entry: its api.ts or one of its components (PascalCase.tsx). Its other modules and its CSS are its own.',
  },
  otherFeatureInternals: {
    regex: String.raw`^\.\./[^./][^/]*/` + internals,
    caseSensitive: true,
    message:
      'Import another feature through its public entry: its api.ts or one of its components (PascalCase.tsx). Its other modules and its CSS are its own.',
  },
  screensFromFeatures: {
    regex: String.raw`(^|/)(screens|app)/`,
    message: 'Features do not import screens or the app shell: screens compose features.',
  },
  sharedKnowsNoFeature: {
    regex: String.raw`(^|/)(features|screens|app)/`,
    message: 'Shared code (api/, components/) serves every feature and depends on none.',
  },
};

const root = import.meta.dirname;
const abs = (...parts) => path.join(root, ...parts);

/**
 * Boundaries (docs/decisions/archive/052-boundaries-the-linter-enforces.md). Paths are resolved, so
 * every way of spelling an import (relative, through a package name) is caught.
 * - packages/common imports nothing from server or web; web and server never import each other.
 * - A server feature (src/features/<name>/) may use another feature only through its public
 *   surface: its `service.ts` and `views.ts`, and the shared seams below. Everything else in a
 *   feature folder (routes, internal helpers, tests) is its own business.
 */
const featuresDir = 'packages/server/src/features';
const featureSeams = '{users/lookup,visibility/index,asking/pipeline}.ts';
const featureNames = fs.readdirSync(abs(featuresDir), { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? [d.name] : []));

const packageZones = [
  {
    target: abs('packages/common'),
    from: [abs('packages/server'), abs('packages/web')],
    message: 'packages/common is shared by server and web and imports neither.',
  },
  {
    target: abs('packages/web'),
    from: abs('packages/server'),
    message: 'The web app talks to the server over HTTP only; shared code goes in packages/common.',
  },
  { target: abs('packages/server'), from: abs('packages/web'), message: 'The server never imports web code; shared code goes in packages/common.' },
];

const featureZones = featureNames.map((name) => ({
  target: abs(featuresDir, name, '**'),
  from: abs(featuresDir, '*', '**'),
  except: [abs(featuresDir, name, '**'), abs(featuresDir, '*', '{service,views}.ts'), abs(featuresDir, featureSeams)],
  message: `Use another feature through its service.ts or views.ts (or the seams ${featureSeams}), not its internals.`,
}));

/**
 * The visibility module (decision 100) has no service.ts: code outside it, features or not, uses
 * it through its index.ts only, so every reader takes the same rules.
 */
const visibilityDir = abs(featuresDir, 'visibility');
const serverSrc = 'packages/server/src';
const visibilityZones = fs
  .readdirSync(abs(serverSrc), { withFileTypes: true })
  .filter((d) => d.name !== 'features')
  .map((d) => (d.isDirectory() ? abs(serverSrc, d.name, '**') : abs(serverSrc, d.name)))
  .concat(featureNames.filter((name) => name !== 'visibility').map((name) => abs(featuresDir, name, '**')))
  .map((target) => ({
    target,
    from: visibilityDir,
    except: ['./index.ts'],
    message: 'Use the visibility module through features/visibility/index.ts, its public surface.',
  }));

/**
 * Channels and features (docs/decisions/archive/245-domain-events.md). A feature tells the channels what
 * happened with a domain event (src/events/) and imports none of them (but the ActivityPub
 * addresses, federation/uris.ts); a channel reads what it needs through the visibility module,
 * the user lookup and features' views, never through a feature's service (the reset link's token,
 * minted when its email is written, is the one named exception). Tests may drive both sides.
 */
const channelDirs = '{push,email,federation,realtime}';

const questionWriterMessage =
  'Only features/asking writes questions: ask through its pipeline (decideFor, deliverQuestion), which applies every receiver rule once.';
const channelZones = [
  {
    target: abs(featuresDir, '**'),
    from: abs(serverSrc, channelDirs, '**'),
    except: [abs(serverSrc, 'federation/uris.{ts,js}')],
    message: 'Features do not call channels: emit a domain event (events.emit in src/events/emit.ts) and let push, email, federation and live handle it.',
  },
  {
    target: abs(serverSrc, channelDirs, '**'),
    from: abs(featuresDir, '**'),
    // a post from another server asks through the one way of asking, as every channel of questions does (decision 352)
    except: [abs(featuresDir, '{visibility/index,users/lookup,auth/resetTokens,asking/pipeline}.ts'), abs(featuresDir, '*/views.ts')],
    message:
      "Channels do not call back into features: read through features/visibility/index.ts, users/lookup.ts or a feature's views.ts (a question is asked through features/asking/pipeline.ts).",
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-previous/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'packages/server/drizzle/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Web-internal boundaries (docs/decisions/archive/061-web-boundaries.md). A feature's public entry is its
  // api.ts and its components (PascalCase .tsx); lower-case modules and CSS modules are its own.
  // Screens compose features; shared code (api/, components/) knows no feature. These blocks use the
  // TypeScript variant of the rule so that cross-package `no-restricted-imports` blocks, which also
  // match web files, neither replace these patterns nor are replaced by them.
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [webBoundaries.otherFeatureInternals, webBoundaries.screensFromFeatures] }] },
  },
  {
    files: ['packages/web/src/{app,screens}/**/*.{ts,tsx}', 'packages/web/src/main.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [webBoundaries.featureInternals] }] },
  },
  {
    files: ['packages/web/src/{api,components,test}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [webBoundaries.sharedKnowsNoFeature] }] },
  },
  {
    files: ['packages/*/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // how import-x reads the modules it follows (no-cycle), and resolves `.js` specifiers to `.ts` sources
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...featureZones, ...visibilityZones] }],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts', 'packages/server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...featureZones, ...visibilityZones, ...channelZones] }],
    },
  },
  // each workspace declares the packages it imports, the workspaces it uses included, in its own
  // package.json; the root's holds only the shared tooling (vitest, vite, drizzle-kit...)
  ...['common', 'server', 'web'].map((workspace) => ({
    files: [`packages/${workspace}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: [root, abs('packages', workspace)] }] },
  })),
  // Only the HTTP layer uses http/ (decision 250): services, workers and the CLI refuse with
  // AppError (src/errors.ts) and know nothing of statuses, requests or replies.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/http/**',
      'packages/server/src/**/routes.ts',
      // the process's entry, the composition root (app.ts and composition/: the context, the request
      // pipeline, the list of routes) and the context type (which holds the web shell routes answer with)
      'packages/server/src/{main,app,context}.ts',
      'packages/server/src/composition/**',
      // Fastify hooks that hand ActivityPub requests to the federation engine
      'packages/server/src/federation/{fedify/fastifyBridge,startFederation}.ts',
      'packages/server/src/test/**',
      'packages/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)http/`,
              message: 'Only routes and the HTTP layer import http/: raise an AppError (src/errors.ts); http/errors.ts gives each code its status.',
            },
          ],
        },
      ],
    },
  },
  // Every request Askbox makes to an address someone else gave it goes through net/outbound.ts
  // (decision 215): its address guard judges each hop and pins the judged address. Fedify's own
  // fetching helpers would use the global fetch with a weaker check.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/net/outbound.ts', 'packages/server/src/test/**', 'packages/server/src/faults/**', 'packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Outgoing requests go through net/outbound.ts (OutboundClient).' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node:https', message: 'Outgoing requests go through net/outbound.ts (OutboundClient).' },
            { name: 'undici', message: 'Outgoing requests go through net/outbound.ts (OutboundClient).' },
            {
              name: '@fedify/fedify',
              importNames: ['lookupObject', 'lookupWebFinger', 'getNodeInfo', 'fetchDocumentLoader', 'getAuthenticatedDocumentLoader'],
              message: "Fedify's fetching helpers use the global fetch: load documents through federation/fedify/documentLoaders.ts.",
            },
          ],
        },
      ],
    },
  },
  // One way of asking (decision 352): only features/asking writes a question, whatever the channel;
  // a feature asks through it (decideFor and deliverQuestion) so that no rule is written twice. Tests
  // and the demo's sample data (cli/demo.ts, written as if long answered) set up rows directly.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/features/asking/**',
      'packages/server/src/**/*.test.ts',
      'packages/server/src/test/**',
      'packages/server/src/reliability/world.ts',
      'packages/server/src/cli/demo.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='insert'][arguments.0.name='questions']", message: questionWriterMessage },
        { selector: 'TemplateElement[value.raw=/insert\\s+into\\s+questions\\b/i]', message: questionWriterMessage },
      ],
    },
  },
  {
    files: ['packages/common/**/*.ts', 'packages/server/**/*.ts', 'packages/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      // a module that imports itself round a loop is a boundary drawn wrong (cli/commands ↔ cli/demo was one)
      'import-x/no-cycle': 'error',
    },
  },
);
