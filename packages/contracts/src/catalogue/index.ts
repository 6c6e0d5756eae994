// `@venue/contracts/catalogue`: the catalogue service's answers and requests, and its route table.
export * from './values.ts';
export * from './requests.ts';
export * from './responses.ts';
export * from './routes.ts';
export * from './public.ts';
