const createConfig = require('@venue/mfe-webpack');

module.exports = createConfig({
  name: 'money',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
});
