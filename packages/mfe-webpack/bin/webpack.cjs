#!/usr/bin/env node
// `venue-webpack`: webpack's CLI as every frontend's `build` and `dev` scripts run it. npm keeps
// webpack-cli 7 inside this package (its optional peer js-yaml ^4 clashes with the js-yaml 3 that
// jest's coverage brings to the root), where webpack's own `webpack` command does not look, so
// the CLI is found from here instead: it works wherever npm puts it (decision 65, wave 2).
'use strict';
require(require.resolve('webpack-cli/bin/cli.js'));
