import fs from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import noFeatureCycles from './eslint-rules/no-feature-cycles.js';

const readJson = (file) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));

/**
 * What a workspace may import from a package: its name and the subpaths its package.json `exports` declare.
 * Anything deeper (`@predict/shared/src/...`) reaches into the package's files.
 */
const deepPackageImport = ['engine', 'shared'].map((name) => {
  const subpaths = Object.keys(readJson(`./packages/${name}/package.json`).exports ?? { '.': '' })
    .filter((key) => key !== '.')
    .map((key) => key.slice(2).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const allowed = subpaths.length > 0 ? `(?!(?:${subpaths.join('|')})$)` : '';
  return {
    regex: `^@predict/${name}/${allowed}.+`,
    message: `Import @predict/${name} or a subpath its package.json exports declares, not its files.`,
  };
});

/** Packages a workspace must not import at all (dependencies point engine <- shared <- server, web). */
const upward = (names, why) => names.map((name) => ({ regex: `^@predict/${name}(/.*)?$`, message: why }));

const FEATURES = 'apps/web/src/features';
const features = fs
  .readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A web feature may use another feature only through its index.ts (`@/features/x`), never its files; tests may
 * also use another feature's test/ helpers. Resolved paths are compared, so relative and `@/` imports both count.
 */
const featureZones = (forTests) =>
  features.map((feature) => ({
    target: `./${FEATURES}/${feature}`,
    from: `./${FEATURES}`,
    except: [
      `./${feature}`,
      ...features
        .filter((other) => other !== feature)
        .flatMap((other) => [`./${other}/index.ts`, ...(forTests ? [`./${other}/test`] : [])]),
    ],
    message: 'Import another feature through its index.ts (@/features/<name>), not its files.',
  }));

/** Workspaces below may not reach the ones above, by package name or by path. */
const layerZones = [
  {
    target: './packages/engine',
    from: ['./packages/shared', './apps', './e2e'],
    message: 'The engine imports no other workspace.',
  },
  { target: './packages/shared', from: ['./apps', './e2e'], message: 'shared may import only the engine.' },
  {
    target: './apps/web',
    from: ['./apps/server', './e2e'],
    message: 'The web app may import only shared and the engine.',
  },
  {
    target: './apps/server',
    from: ['./apps/web', './e2e'],
    message: 'The server may import only shared and the engine.',
  },
];

const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**', '**/tests/**'];

const SERVER = './apps/server/src';
/**
 * The server's layers: routes parse, authorize, call a service and present; services hold the rules; only
 * repositories (and db/: client, schema, migrations) build SQL; the demo seed (seed/) writes through services and
 * repositories too. Resolved paths, so `../../repositories` and every other spelling count.
 */
const serverLayerZones = [
  {
    target: `${SERVER}/routes`,
    from: [`${SERVER}/repositories`, `${SERVER}/db`],
    except: ['./client.ts'],
    message: 'Routes call services (services/), not repositories or db/.',
  },
  {
    target: [
      `${SERVER}/services`,
      `${SERVER}/repositories`,
      `${SERVER}/jobs`,
      `${SERVER}/uploads`,
      `${SERVER}/db`,
      `${SERVER}/seed`,
    ],
    from: `${SERVER}/routes`,
    message: 'Only routes import routes: move what is shared into a service.',
  },
];
/** Database drivers and the query builder: SQL is built only in repositories/ and db/. */
const sqlPackages = ['drizzle-orm', 'pg', '@electric-sql/pglite'].map((name) => ({
  group: [name, `${name}/*`],
  allowTypeImports: true,
  message: 'SQL lives in repositories/ (and db/): call a repository.',
}));
/** The engine is pure: no Node built-in (node:fs, fs, worker_threads, ...) and no package with I/O. */
const engineIo = [
  { group: ['node:*'], message: 'The engine has no I/O: no Node built-ins in packages/engine/src.' },
  {
    group: builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`]),
    message: 'The engine has no I/O: no Node built-ins in packages/engine/src.',
  },
  {
    group: ['pg', 'pg-boss', 'drizzle-orm', '@electric-sql/*', 'exceljs', 'fastify', 'undici', 'piscina'],
    message: 'The engine has no I/O: pass data in, take results out.',
  },
];

/**
 * One no-restricted-imports block. Flat config replaces a rule's options per matching block rather than merging
 * them, so each block lists every pattern that applies to its files.
 */
const importBans = (files, patterns, extra = {}) => ({
  files,
  ...extra,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const engineUpward = upward(['shared', 'server', 'web', 'e2e'], 'The engine imports no other workspace.');
const serverUpward = [
  ...deepPackageImport,
  ...upward(['web'], 'Import only @predict/shared and @predict/engine.'),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.data-*/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', 'scripts/**/*.js', '**/*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      // Parse .ts/.tsx dependencies too (no-cycle follows them); without this they are skipped silently.
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Resolve like TypeScript does: each workspace's tsconfig (the web app's `@/` alias), then node_modules.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          alwaysTryTypes: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/*/tsconfig*.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      // Type-only imports are not counted (the rule skips them; they are erased at build and create no
      // load-order or chunk dependency); feature and layer boundaries below still apply to them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // `../../packages/engine/...` from another workspace: use the package name.
      'import-x/no-relative-packages': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // Nothing imports a test file, so it cannot be part of a cycle; skipping them halves no-cycle's time.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    plugins: { local: { rules: { 'no-feature-cycles': noFeatureCycles } } },
    rules: {
      'local/no-feature-cycles': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones(false)] }],
    },
  },
  {
    files: TEST_FILES.map((glob) => `apps/web/src/${glob}`),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones(true)] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...serverLayerZones] }] },
  },
  importBans(['packages/engine/**'], engineUpward),
  importBans(['packages/engine/src/**'], [...engineUpward, ...engineIo]),
  importBans(
    ['packages/shared/**'],
    [...deepPackageImport, ...upward(['server', 'web', 'e2e'], 'shared may import only the engine.')],
  ),
  importBans(
    ['apps/web/**'],
    [
      ...deepPackageImport,
      ...upward(['server', 'e2e'], 'The web app may import only shared and the engine.'),
    ],
  ),
  importBans(['apps/server/**', 'e2e/**'], serverUpward),
  importBans(['apps/server/src/**/*.ts'], [...serverUpward, ...sqlPackages], {
    ignores: ['apps/server/src/repositories/**', 'apps/server/src/db/**'],
  }),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Only env.ts may read process.env (one validated source of configuration per app, e2e and the scripts).
    files: ['apps/**/*.ts', 'packages/**/*.ts', 'e2e/**/*.ts', '**/*.mjs'],
    ignores: ['**/env.ts', '**/env.mjs', 'apps/server/test/**', 'apps/server/bench/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts.' },
      ],
    },
  },
);
