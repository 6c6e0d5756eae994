// `@venue/contracts/admin`: the admin service's answers and requests, and its route table.
export * from './requests.ts';
export * from './responses.ts';
export * from './accounts.ts';
export * from './portal.ts';
export * from './routes.ts';
export * from './webhooks-catalogue.ts';
export * from './webhooks.ts';
export * from './webhooks-routes.ts';
