const createConfig = require('@venue/mfe-webpack');

module.exports = createConfig({
  name: 'shell',
  dir: __dirname,
  isHost: true,
  title: 'VenueDesk',
});
