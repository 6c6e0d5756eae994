const createConfig = require('@venue/mfe-webpack');

module.exports = createConfig({
  name: 'bookings',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
});
