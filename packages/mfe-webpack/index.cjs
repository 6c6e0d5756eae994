'use strict';
/**
 * One webpack configuration for the shell and every remote, so that federation settings
 * (shared singletons, share strategy, manifest) can never drift between apps. A mismatch
 * there shows up only at runtime as two Reacts or an unloadable remote.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * Packages that must exist once per page. React and the router hold module-level state;
 * Mantine, react-query and the UI kit hold React contexts that a remote must share with the
 * shell. Sub-path entries are listed because webpack shares by exact request.
 */
const SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-router', 'react-router'],
  ['@mantine/core', '@mantine/core'],
  ['@mantine/hooks', '@mantine/hooks'],
  ['@mantine/notifications', '@mantine/notifications'],
  ['@mantine/modals', '@mantine/modals'],
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['single-spa-react', 'single-spa-react'],
  ['@venue/ui', '@venue/ui'],
  ['@venue/contracts', '@venue/contracts'],
];

function sharedConfig(dir) {
  const pkg = require(path.join(dir, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const shared = {};
  for (const [request, pkgName] of SINGLETONS) {
    shared[request] = {
      singleton: true,
      eager: false,
      // The UI kit depends on Mantine even when an app does not list it; fall back to the
      // installed version so the share scope still records one.
      requiredVersion: deps[pkgName] ?? installedVersion(pkgName, dir),
    };
  }
  return shared;
}

function installedVersion(pkgName, dir) {
  try {
    const file = require.resolve(`${pkgName}/package.json`, { paths: [dir] });
    return `^${require(file).version}`;
  } catch {
    return false;
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
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : `/mfe/${name}/`,
        filename: production ? hashedEntryFilename : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: `venue_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Workspace packages are symlinks; resolving them to their real path keeps one copy.
        symlinks: true,
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dir, 'node_modules/.cache/webpack'),
        buildDependencies: { config: [__filename, path.join(dir, 'package.json')] },
      },
      optimization: {
        // `format` is set (to nothing) on purpose: by default the plugin wraps web output in an
        // IIFE, which turns remoteEntry's global (`var admin`) into a local and breaks loading.
        minimizer: [
          new EsbuildPlugin({ target: 'es2022', css: true, legalComments: 'none', format: undefined }),
        ],
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes,
          shared: sharedConfig(dir),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        ...(isHost
          ? [new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title, inject: 'body' })]
          : []),
      ],
      devServer: isHost
        ? hostDevServer()
        : { port: DEV_PORTS[name], devMiddleware: { publicPath: `/mfe/${name}/` } },
    };
  };
};
