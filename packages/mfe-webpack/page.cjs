'use strict';
/**
 * The one HTML page of the shell and of the customers' light app, given to the HTML plugin as
 * `templateContent`, not as a template file: a template is compiled by a child compilation, in
 * which federation's plugins build the shared modules again, and production emitted those copies
 * as two files no page loads (~180 kB in `shell/dist`). A string needs no compilation.
 */

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

// The icon inline: without one the browser asks for /favicon.ico on every page load (a 404).
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%234263eb'/%3E%3Cpath d='M8 9l8 15 8-15' fill='none' stroke='%23fff' stroke-width='3.5' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";

/**
 * @param {object} options
 * @param {string} options.title the page's title
 * @param {string} [options.themeColor] the browser's colour for the page (a phone's address bar)
 * @param {string} [options.noscript] what the page says where JavaScript is off
 */
function pageHtml({ title, themeColor, noscript }) {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    ...(themeColor ? [`    <meta name="theme-color" content="${escapeHtml(themeColor)}" />`] : []),
    `    <title>${escapeHtml(title)}</title>`,
    `    <link rel="icon" type="image/svg+xml" href="${ICON}" />`,
    '  </head>',
    '  <body>',
    `    <noscript>${escapeHtml(noscript || 'VenueDesk needs JavaScript to run.')}</noscript>`,
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

module.exports = { pageHtml };
