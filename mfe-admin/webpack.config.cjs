const createConfig = require('@venue/mfe-webpack');

module.exports = createConfig({
  name: 'admin',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
});
