'use strict';
/**
 * One webpack configuration for the shell and every remote, so that federation settings
 * (shared singletons, share strategy, manifest) can never drift between apps. A mismatch
 * there shows up only at runtime as two Reacts or an unloadable remote.
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { pageHtml } = require('./page.cjs');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const TerserPlugin = require('terser-webpack-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { release } = require('./release.cjs');

/**
 * Packages that must exist once per page. React holds module-level state (hooks, the
 * scheduler); notifications keep one store that the shell's <Notifications /> shows; modals,
 * react-query and the UI kit hold React contexts and objects (the QueryClient) that the shell
 * hands to remotes. Sub-path entries are listed because webpack shares by exact request.
 *
 * A shared module is built whole, whatever a consumer imports from it, so everything listed
 * here reaches every page. Deliberately not listed (each app bundles only what it uses):
 * - `@mantine/core` whole, and `@mantine/hooks`: sharing them sent all of Mantine (150 kB
 *   gzipped) to the sign-in page. The part of Mantine the sign-in page loads anyway is shared
 *   instead, as one module (MANTINE_SHARED_COMPONENTS below); each app bundles the rest of what
 *   it uses.
 * - `@venue/contracts`: constants, pure functions and zod schemas, no state; shared, it put zod
 *   (35 kB) on the sign-in page. Unshared, each app keeps the parts it imports.
 * - FullCalendar, `@mantine/dates`, `@mantine/spotlight`, recharts, zod, react-hook-form: used
 *   by one remote's pages, they land in those pages' lazy chunks.
 */
const SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['@mantine/notifications', '@mantine/notifications'],
  ['@mantine/modals', '@mantine/modals'],
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['single-spa-react', 'single-spa-react'],
  ['@venue/ui', '@venue/ui'],
];

/**
 * Mantine's components that the sign-in page loads anyway (the shell's pages and the UI kit's
 * components). They and every Mantine file they import (their closure) are shared as one module,
 * `@mantine/core` in the share scope: a remote's own Mantine code, which imports Box, Input or
 * Button by relative path, then runs the shell's copies instead of bundling its own (decision
 * 65). The closure includes the modules that create React contexts read across apps (theme,
 * provider settings, direction), so every component in any app reads the one <MantineProvider>.
 *
 * Only components the sign-in page renders belong here: a shared module is built whole and the
 * sign-in page loads it, so a component the shell does not use would reach every visitor.
 * `bench/frontend-size.mjs` shows what a change costs.
 */
const MANTINE_SHARED_COMPONENTS = [
  'Alert',
  'Anchor',
  'Badge',
  'Box',
  'Button',
  'Center',
  'CloseButton',
  'Group',
  'Loader',
  'Modal',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'UnstyledButton',
  'VisuallyHidden',
];
const MANTINE_CONTEXTS = [
  'esm/core/MantineProvider/Mantine.context.mjs',
  'esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs',
  'esm/core/DirectionProvider/DirectionProvider.mjs',
];

/**
 * The shared part of Mantine, written once per installed release into `.cache/` (deterministic,
 * so every app built against the release agrees on it):
 * - `facade.mjs` re-exports every name of every file in the closure, prefixed with the file's
 *   number (two files may export the same name). It is the shared module.
 * - `stubs/<file>` stands in for each closure file wherever code outside the closure imports it:
 *   it re-exports that file's names from the facade. Closure files import one another directly,
 *   so the facade's own graph never goes through a stub.
 * Webpack shares by module, and Mantine's components import each other by relative path; sharing
 * each of the two hundred files by itself cost 80 bytes of federation runtime per file on every
 * page (+10 kB on the sign-in page, +18 kB on each remote's entry), the facade costs one entry.
 */
function mantineShared(mantineDir, cacheDir = path.join(__dirname, '.cache')) {
  const esm = path.join(mantineDir, 'esm');
  const source = (file) => fs.readFileSync(file, 'utf8');
  const relativeImports = (file) =>
    [...source(file).matchAll(/(?:from|import)\s*["'](\.[^"']+)["']/g)].map((m) =>
      path.join(path.dirname(file), m[1]),
    );
  const fileOf = new Map();
  for (const [, list, from] of source(path.join(esm, 'index.mjs')).matchAll(
    /(?:import|export)\s*{([^}]*)}\s*from\s*["']([^"']+)["']/g,
  ))
    for (const name of list.split(',')) fileOf.set(name.trim().split(/\s+as\s+/)[0], path.join(esm, from));
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of relativeImports(file)) visit(next);
  };
  for (const rel of MANTINE_CONTEXTS) visit(path.join(mantineDir, rel));
  for (const name of MANTINE_SHARED_COMPONENTS) {
    const file = fileOf.get(name);
    if (!file) throw new Error(`@mantine/core has no export ${name} (MANTINE_SHARED_COMPONENTS)`);
    visit(file);
  }
  const sorted = [...files].sort();
  const version = JSON.parse(source(path.join(mantineDir, 'package.json'))).version;
  const key = require('node:crypto')
    .createHash('sha256')
    // this file too: a change to how the files are written writes them afresh
    .update(`${mantineDir}\n${sorted.join('\n')}\n${source(__filename)}`)
    .digest('hex')
    .slice(0, 12);
  const folder = path.join(cacheDir, `mantine-${version}-${key}`);
  const facade = path.join(folder, 'facade.mjs');
  const stubs = new Map(sorted.map((file) => [file, path.join(folder, 'stubs', path.relative(esm, file))]));
  if (!fs.existsSync(facade)) {
    // Apps build in parallel: write a private folder, then rename it into place (the loser of
    // a race drops its copy; both are the same).
    const tmp = `${folder}.${process.pid}`;
    const facadeLines = [];
    sorted.forEach((file, i) => {
      const names = [...source(file).matchAll(/^export\s*{([^}]*)}/gm)].flatMap(([, list]) =>
        list
          .split(',')
          .map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)
              .at(-1),
          )
          .filter(Boolean),
      );
      const stub = path.join(tmp, 'stubs', path.relative(esm, file));
      fs.mkdirSync(path.dirname(stub), { recursive: true });
      fs.writeFileSync(
        stub,
        names.length
          ? `export { ${names.map((n) => `m${i}_${n} as ${n}`).join(', ')} } from ${JSON.stringify(facade)};\n`
          : `export {};\n`,
      );
      if (names.length)
        facadeLines.push(
          `export { ${names.map((n) => `${n} as m${i}_${n}`).join(', ')} } from ${JSON.stringify(file)};`,
        );
    });
    fs.writeFileSync(path.join(tmp, 'facade.mjs'), `${facadeLines.join('\n')}\n`);
    fs.writeFileSync(path.join(tmp, 'package.json'), '{ "sideEffects": false }\n');
    try {
      fs.renameSync(tmp, folder);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    // The folders of earlier releases (or of an earlier way of writing them) are left behind by
    // an upgrade: nothing reads them any more. A build in progress of this same key keeps its
    // private folder (its name starts with this one's).
    for (const entry of fs.readdirSync(cacheDir))
      if (entry.startsWith('mantine-') && !entry.startsWith(path.basename(folder)))
        fs.rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
  return { facade, stubs, version };
}

/**
 * Sends imports of Mantine's shared files to their stubs (see mantineShared), except from the
 * closure itself and the facade, which import the real files.
 */
class MantineStubs {
  constructor({ facade, stubs }) {
    this.facade = facade;
    this.stubs = stubs;
  }

  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('MantineStubs', (factory) => {
      factory.hooks.afterResolve.tap('MantineStubs', (resolveData) => {
        const data = resolveData.createData;
        const stub = this.stubs.get(data.resource);
        const issuer = resolveData.contextInfo.issuer;
        if (!stub || issuer === this.facade || this.stubs.has(issuer)) return;
        data.request = data.request.replace(data.resource, stub);
        data.userRequest = data.userRequest.replace(data.resource, stub);
        data.resource = stub;
        if (data.resourceResolveData) data.resourceResolveData = { ...data.resourceResolveData, path: stub };
      });
    });
  }
}

/**
 * The router is shared through a facade (`shared/react-router.mjs`) that re-exports only what
 * the frontends use, from react-router's production build, named by path (its package
 * `exports` map picks the build by condition, the development one whenever webpack runs in that
 * mode; the alias keeps every build on the one users get). Each facade lists its names;
 * `FacadeImportsCheck` fails the build when a frontend imports one that is missing.
 */
const FACADES = {
  'react-router': {
    file: path.join(__dirname, 'shared', 'react-router.mjs'),
    // what the facade imports from: the package's own file, by absolute path (an alias)
    real: '@venue/mfe-webpack/real-react-router',
    target: 'dist/production/index.js',
  },
};

function facadeAliases(dir) {
  const alias = {};
  for (const [request, { real, target }] of Object.entries(FACADES))
    alias[`${real}$`] = path.join(packageDir(request, dir), target);
  return alias;
}

/** A package's folder (not every package exports its package.json, so walk up from its entry). */
function packageDir(pkgName, dir) {
  let at = path.dirname(require.resolve(pkgName, { paths: [dir] }));
  while (at !== path.dirname(at)) {
    const file = path.join(at, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === pkgName) return at;
    at = path.dirname(at);
  }
  throw new Error(`cannot find the folder of ${pkgName} from ${dir}`);
}

/**
 * Every shared module is a strict singleton: a remote whose `requiredVersion` the page's copy
 * does not satisfy refuses to load (the shell shows "This section is unavailable" with the
 * reason) instead of running against a React, router or UI kit it was not built for. The ranges
 * are the app's own dependency ranges (`^19.2.0`, `^1.0.0` for the UI kit…), so a rebuild against
 * a compatible release keeps loading; a major bump of a shared package (the UI kit above all,
 * whose version says what its exports promise) is what separates apps that cannot share.
 */
function sharedConfig(dir) {
  const shared = {};
  for (const [request, pkgName] of SINGLETONS) {
    shared[request] = {
      singleton: true,
      strictVersion: true,
      eager: false,
      requiredVersion: requiredRange(pkgName, dir),
    };
  }
  for (const [request, { file }] of Object.entries(FACADES)) {
    shared[request] = {
      singleton: true,
      strictVersion: true,
      eager: false,
      import: file,
      shareKey: request,
      version: packageVersion(request, dir),
      requiredVersion: requiredRange(request, dir),
    };
  }
  const { facade, version } = mantineShared(packageDir('@mantine/core', dir));
  shared[facade] = {
    singleton: true,
    strictVersion: true,
    eager: false,
    import: facade,
    shareKey: '@mantine/core',
    version,
    requiredVersion: requiredRange('@mantine/core', dir),
  };
  return shared;
}

/** The packages behind the shared modules, once each (Mantine's contexts count as @mantine/core). */
function sharedPackages() {
  return [
    ...new Set([...SINGLETONS.map(([, pkgName]) => pkgName), ...Object.keys(FACADES), '@mantine/core']),
  ];
}

/**
 * What a remote needs from the page, by package: written into its release (current.json) so the
 * shell can refuse an incompatible remote with a reason before loading any of it.
 */
function sharedRequirements(dir) {
  const out = {};
  for (const pkgName of sharedPackages()) {
    const range = requiredRange(pkgName, dir);
    if (range) out[pkgName] = range;
  }
  return out;
}

/** What an app provides, by package: the shell compares remotes' requirements with these. */
function providedVersions(dir) {
  const out = {};
  for (const pkgName of sharedPackages()) out[pkgName] = packageVersion(pkgName, dir);
  return out;
}

/**
 * The app's declared range for a shared package; one it does not declare (the UI kit brings
 * Mantine, for instance) gets `^<installed>`.
 */
function requiredRange(pkgName, dir) {
  const pkg = require(path.join(dir, 'package.json'));
  const declared = { ...pkg.dependencies, ...pkg.devDependencies }[pkgName];
  return declared ?? installedVersion(pkgName, dir);
}

function packageVersion(pkgName, dir) {
  return JSON.parse(fs.readFileSync(path.join(packageDir(pkgName, dir), 'package.json'), 'utf8')).version;
}

/** Names a facade exports, read from its `export { … } from` list. */
function facadeExports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const list = /export\s*{([^}]*)}/.exec(text)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function installedVersion(pkgName, dir) {
  try {
    return `^${packageVersion(pkgName, dir)}`;
  } catch {
    return false;
  }
}

/**
 * Fails the build when bundled code imports a name a facade lacks (a consumer of a shared module
 * would otherwise get `undefined` at run time). Reads the compiled module graph, so test helpers
 * and type-only imports, which never reach a bundle, do not count.
 */
class FacadeImportsCheck {
  apply(compiler) {
    compiler.hooks.compilation.tap('FacadeImportsCheck', (compilation) => {
      compilation.hooks.finishModules.tap('FacadeImportsCheck', (modules) => {
        const problems = [];
        for (const module of modules) {
          const resource = module.resource;
          if (!resource || resource.includes(`${path.sep}node_modules${path.sep}`)) continue;
          for (const dep of module.dependencies) {
            const facade = FACADES[dep.request];
            if (!facade || !Array.isArray(dep.ids)) continue;
            const name = dep.ids[0];
            if (!name || facadeExports(facade.file).has(name)) continue;
            problems.push(`${path.relative(compiler.context, resource)} imports ${name} from ${dep.request}`);
          }
        }
        if (problems.length)
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `Add these names to the shared facade in packages/mfe-webpack/shared/ (shared modules are not tree-shaken, so the facade lists what the apps use):\n  ${[...new Set(problems)].join('\n  ')}`,
            ),
          );
      });
    });
  }
}

/**
 * `VENUE_BUNDLE_STATS=<folder>`: writes `<folder>/<name>.json`, each output chunk with its files,
 * whether it is initial, and its modules by size (concatenated modules listed one by one), so a
 * page's files from `bench/frontend-size.mjs --files` can be traced to the code in them. Off by
 * default: reading the stats of every module costs time on each build.
 */
class BundleStatsPlugin {
  constructor(folder, name) {
    this.folder = folder;
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        ids: true,
        // Every module by name (the defaults fold a chunk's modules into one group).
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
      });
      const flat = (modules = []) =>
        modules.flatMap((m) => (m.modules?.length ? flat(m.modules) : [{ name: m.name, size: m.size }]));
      const chunks = json.chunks.map((c) => ({
        id: c.id,
        names: c.names,
        files: c.files,
        initial: c.initial,
        size: c.size,
        modules: flat(c.modules).sort((a, b) => b.size - a.size),
      }));
      fs.mkdirSync(this.folder, { recursive: true });
      fs.writeFileSync(path.join(this.folder, `${this.name}.json`), JSON.stringify({ chunks }, null, 1));
    });
  }
}

/**
 * A production build of a remote goes to a staging folder inside dist; once webpack has written
 * every file, the folder becomes `dist/<version>/` and `dist/current.json` points at it
 * (release.cjs). A failed build leaves the current release alone.
 */
class ReleasePlugin {
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.done.tap('ReleasePlugin', (stats) => {
      const staging = compiler.outputPath;
      if (stats.hasErrors()) {
        fs.rmSync(staging, { recursive: true, force: true });
        return;
      }
      const current = release(staging, this.options);
      compiler.getInfrastructureLogger('ReleasePlugin').info(`${this.options.name} ${current.version}`);
    });
  }
}

/**
 * Entry chunks get content-hashed names too, but the federation runtime asks for the entry's
 * file name before hashes exist (only to learn its folder depth); answering with the
 * unhashed name there is harmless, the emitted file is hashed.
 */
function hashedEntryFilename(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/** `npm run dev -w mfe-<name>` ports; the shell's dev server is 3000. */
const DEV_PORTS = { admin: 3001, bookings: 3002, money: 3003, catalogue: 3004, comms: 3005 };

/**
 * The shell's dev server answers on one origin like the gateway does: /api and every remote
 * go to the gateway (built bundles), except remotes named in MFE_DEV (e.g.
 * `MFE_DEV=admin,money`), which go to their own dev servers.
 */
function hostDevServer() {
  const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
  const live = (process.env.MFE_DEV ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s in DEV_PORTS);
  return {
    port: 3000,
    historyApiFallback: true,
    // The gateway's list of releases, with the live remotes sent to their dev servers instead
    // (served unversioned from memory, no requirements to check).
    setupMiddlewares: (middlewares) => {
      if (live.length === 0) return middlewares;
      middlewares.unshift({
        name: 'dev-remotes',
        path: '/mfe/remotes.json',
        middleware: (_req, res) => {
          fetch(`${gateway}/mfe/remotes.json`)
            .then((r) => (r.ok ? r.json() : { remotes: [] }))
            .catch(() => ({ remotes: [] }))
            .then(({ remotes = [] }) => {
              const others = remotes.filter((r) => !live.includes(r.name));
              const dev = live.map((n) => ({
                name: n,
                version: 'dev',
                entry: `/mfe/${n}/mf-manifest.json`,
                shared: {},
              }));
              res.setHeader('Content-Type', 'application/json; charset=utf-8');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify({ remotes: [...others, ...dev] }));
            });
        },
      });
      return middlewares;
    },
    proxy: [
      ...live.map((remote) => ({
        context: [`/mfe/${remote}/`],
        target: `http://127.0.0.1:${DEV_PORTS[remote]}`,
      })),
      { context: ['/api', '/mfe'], target: gateway },
    ],
  };
}

/**
 * TypeScript and TSX through esbuild, each by its extension as tsc reads it (a .ts file read as
 * TSX fails on a generic arrow, `<T>(x: T) => x`, which tsc and the tests accept); CSS extracted
 * in production, injected in development.
 */
function moduleRules(production) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'esbuild-loader',
      options: { target: 'es2022', jsx: 'automatic' },
    },
    // Production: style sheets as cached .css files (content-hashed, loaded with the chunk
    // that imports them) rather than strings in JavaScript injected at run time.
    {
      test: /\.css$/,
      use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
    },
  ];
}

/** `configFiles`: the other configuration files a build reads (a change to one starts afresh). */
function buildCache(dir, configFiles = []) {
  return {
    type: 'filesystem',
    cacheDirectory: path.join(dir, 'node_modules/.cache/webpack'),
    buildDependencies: { config: [__filename, ...configFiles, path.join(dir, 'package.json')] },
  };
}

function minimizers() {
  return [
    // Terser's kind of minifier, not esbuild's, for JavaScript: esbuild's works file by file and
    // keeps unused functions inside webpack's module wrappers, so unused parts of libraries
    // shipped as one big file (react-router, zod) were sent whole. SWC's port of Terser does the
    // same work at half the CPU (mfe-money: 28.9 -> 12.7 s) and came out 0.7 % smaller gzipped.
    new TerserPlugin({
      minify: TerserPlugin.swcMinify,
      extractComments: false,
      terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    }),
    new EsbuildPlugin({ include: /\.css$/, css: true, legalComments: 'none' }),
  ];
}

function cssFiles() {
  return new MiniCssExtractPlugin({
    filename: '[name].[contenthash:8].css',
    chunkFilename: '[name].[contenthash:8].css',
  });
}

/**
 * @param {object} options
 * @param {string} options.name federation name: 'shell' or the remote's short name ('admin', …)
 * @param {string} options.dir the app folder (where package.json and src/ live)
 * @param {Record<string,string>} [options.exposes]
 * @param {boolean} [options.isHost]
 * @param {Record<string,string>} [options.remotes] static remotes; the shell registers its remotes at runtime
 * @param {string} [options.title] HTML title (shell only)
 */
module.exports = function createConfig({
  name,
  dir,
  exposes = {},
  isHost = false,
  remotes = {},
  title = 'VenueDesk',
}) {
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    // A remote's production build is a release of its own (decision 41): built into a staging
    // folder, then renamed to dist/<version>/. Its public path is `auto` (the folder its
    // remoteEntry.js was loaded from) because the version is its content hash, known only once
    // the files exist. The shell stays at `/`; development builds are served from memory.
    const versioned = production && !isHost;
    const pkg = require(path.join(dir, 'package.json'));
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist', versioned ? `.staging-${process.pid}` : isHost ? '' : '.dev'),
        publicPath: isHost ? '/' : versioned ? 'auto' : `/mfe/${name}/`,
        filename: production ? hashedEntryFilename : '[name].js',
        // Development keeps names readable but adds the id: the provide and consume sides of a
        // module shared by file get chunks of the same name.
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].[id].js',
        uniqueName: `venue_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Workspace packages are symlinks; resolving them to their real path keeps one copy.
        symlinks: true,
        alias: facadeAliases(dir),
      },
      module: { rules: moduleRules(production) },
      cache: buildCache(dir),
      optimization: {
        // A remote has two runtimes (its `main` entry and the federation container). Per-runtime
        // export analysis made webpack emit imports guarded by `if (runtime == …)` in modules
        // shared by both, and a page whose chunk ran in the other runtime crashed on an
        // undefined import (seen on catalogue's Halls page once its dialogs became lazy).
        usedExports: 'global',
        minimizer: minimizers(),
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      plugins: [
        new FacadeImportsCheck(),
        new MantineStubs(mantineShared(packageDir('@mantine/core', dir))),
        ...(process.env.VENUE_BUNDLE_STATS
          ? [new BundleStatsPlugin(process.env.VENUE_BUNDLE_STATS, name)]
          : []),
        // The versions this app puts in the share scope: the shell checks each remote's
        // requirements against them before loading it (shell/src/remotes).
        new webpack.DefinePlugin({
          __VENUE_SHARED_VERSIONS__: JSON.stringify(providedVersions(dir)),
        }),
        ...(versioned
          ? [new ReleasePlugin({ name, packageVersion: pkg.version, shared: sharedRequirements(dir) })]
          : []),
        ...(production ? [cssFiles()] : []),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes,
          shared: sharedConfig(dir),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // Not `experiments.externalRuntime`: it saves ~21 kB per remoteEntry.js but the shell
          // must then export the whole runtime core (+24 kB on the sign-in page); net loss.
          // A remote never loads other remotes, so its entry leaves out the remote-loading half of
          // the federation runtime (manifests, snapshots, preloading); only the shell needs it.
          ...(isHost ? {} : { experiments: { optimization: { disableRemote: true } } }),
        }),
        ...(isHost ? [new HtmlWebpackPlugin({ templateContent: pageHtml({ title }), inject: 'body' })] : []),
      ],
      devServer: isHost
        ? hostDevServer()
        : { port: DEV_PORTS[name], devMiddleware: { publicPath: `/mfe/${name}/` } },
    };
  };
};

/**
 * The pieces a build without Module Federation reuses (standalone.cjs: the customers' light
 * app), so both kinds are compiled, minified and cached the same way.
 */
module.exports.parts = {
  moduleRules,
  buildCache,
  minimizers,
  cssFiles,
  hashedEntryFilename,
  packageDir,
  BundleStatsPlugin,
};
module.exports.mantineShared = mantineShared;
