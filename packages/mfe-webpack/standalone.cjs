'use strict';
/**
 * The same webpack configuration without Module Federation, for an app that no shell loads: the
 * customers' light app (`portal/`, decision 56). It shares nothing at run time with the staff
 * frontends, so it carries only what its own pages import (no federation runtime, no shared
 * singletons built whole), compiled, minified and cached exactly as index.cjs does.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { pageHtml } = require('./page.cjs');
const { parts } = require('./index.cjs');

const { moduleRules, buildCache, minimizers, cssFiles, hashedEntryFilename, packageDir, BundleStatsPlugin } =
  parts;

/**
 * @param {object} options
 * @param {string} options.name the app's name (build stats, unique chunk-loading global)
 * @param {string} options.dir the app folder (package.json, src/, index.html)
 * @param {Record<string,string>} options.entries entry name → module; `main` is the page's
 * @param {string[]} [options.fixedNames] entries written without a content hash, for a URL others
 *   keep (a script a venue's website includes); served `no-cache`
 * @param {string} options.publicPath where the gateway serves the files (`/book/`)
 * @param {string} [options.title] the page's title, in the staff apps' page (index.html here)
 * @param {string} [options.themeColor] the browser's colour for the page (a phone's address bar)
 * @param {string} [options.noscript] what the page says where JavaScript is off
 * @param {number} [options.devPort] port of `webpack serve` (proxies /api to the gateway)
 */
module.exports = function createStandaloneConfig({
  name,
  dir,
  entries,
  fixedNames = [],
  publicPath,
  title,
  themeColor,
  noscript,
  devPort,
}) {
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const fixed = new Set(fixedNames);
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: entries,
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: (pathData) =>
          fixed.has(pathData.chunk?.name) || !production ? '[name].js' : hashedEntryFilename(pathData),
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].[id].js',
        uniqueName: `venue_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        symlinks: true,
        // react-router's `exports` map picks its build by condition, the development one in a
        // development build (index.cjs does the same for the shared facade); named by path, every
        // build runs the production one users get.
        alias: {
          'react-router$': path.join(packageDir('react-router', dir), 'dist/production/index.js'),
        },
      },
      module: { rules: moduleRules(production) },
      cache: buildCache(dir, [__filename]),
      optimization: { minimizer: minimizers() },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      plugins: [
        ...(process.env.VENUE_BUNDLE_STATS
          ? [new BundleStatsPlugin(process.env.VENUE_BUNDLE_STATS, name)]
          : []),
        ...(production ? [cssFiles()] : []),
        // The page loads the `main` entry only; the others are files of their own.
        new HtmlWebpackPlugin({
          templateContent: pageHtml({ title, themeColor, noscript }),
          inject: 'body',
          chunks: ['main'],
        }),
      ],
      devServer: {
        port: devPort,
        historyApiFallback: { index: `${publicPath}index.html` },
        devMiddleware: { publicPath },
        proxy: [{ context: ['/api'], target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' }],
      },
    };
  };
};
