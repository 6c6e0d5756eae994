const createStandaloneConfig = require('@venue/mfe-webpack/standalone');

// Served by the gateway at /book/* and /my/* (decision 56): the files under /book/ (a slug has no
// dot, a file always has one), index.html for every page path.
module.exports = createStandaloneConfig({
  name: 'portal',
  dir: __dirname,
  entries: { main: './src/index.tsx', embed: './src/embed/embed.ts' },
  fixedNames: ['embed'],
  publicPath: '/book/',
  title: 'Book online',
  themeColor: '#3b5bdb',
  noscript: 'This booking page needs JavaScript. Please turn it on, or contact the venue.',
  devPort: 3006,
});
