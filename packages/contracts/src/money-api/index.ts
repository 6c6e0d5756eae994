/**
 * The money API (spec 03 §2.1–2.2, §3, §4, §7; issue 13): request, answer and event schemas
 * (schemas.ts) and the route table the OpenAPI document is built from (routes.ts).
 */
export * from './schemas.ts';
export * from './quotations.ts';
export * from './quotation-deposits.ts';
export * from './tenant-export.ts';
export * from './paylinks.ts';
export * from './csv-exports.ts';
export * from './accounting-exports.ts';
export * from './list-filters.ts';
export * from './list-pages.ts';
export * from './due-dates.ts';
export * from './portal.ts';
export { MONEY_ROUTES } from './routes.ts';
