const createConfig = require('@venue/mfe-webpack');

module.exports = createConfig({
  name: 'catalogue',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
});
