const createStandaloneConfig = require('@venue/mfe-webpack/standalone');

// Served by the gateway at /book/* and /my/* (decision 56): the files under /book/ (a slug has no
// dot, a file always has one), index.html for every page path.
module.exports = createStandaloneConfig({
  name: 'portal',
  dir: __dirname,
  entries: { main: './src/index.tsx', embed: './src/embed/embed.ts' },
  fixedNames: ['embed'],
  publicPath: '/book/',
  devPort: 3006,
});
