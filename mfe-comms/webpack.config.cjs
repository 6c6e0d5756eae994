const createConfig = require('@venue/mfe-webpack');

module.exports = createConfig({
  name: 'comms',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
});
