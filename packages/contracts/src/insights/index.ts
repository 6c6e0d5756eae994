/**
 * `@venue/contracts/insights`: the Dashboard's calls (dashboard.ts), the Reports calls
 * (reports.ts), the exports (report-exports.ts) and the route table the OpenAPI document and the contract test read (routes.ts).
 */
export * from './dashboard.ts';
export * from './reports.ts';
export * from './routes.ts';
export * from './report-exports.ts';
export * from './report-export-routes.ts';
export * from './report-words.ts';
