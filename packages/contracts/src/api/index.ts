// `@venue/contracts/api`: the route tables, the OpenAPI builder and the request field helpers.
export * from './fields.ts';
export * from './common.ts';
export * from './route-table.ts';
export * from './openapi.ts';
export * from './breaking.ts';
export * from './answer-check.ts';
