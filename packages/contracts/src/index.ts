export * from './roles.ts';
export * from './services.ts';
export * from './identity.ts';
export * from './sign-in.ts';
export * from './settings.ts';
export * from './routes.ts';
export * from './events.ts';
export * from './validation/index.ts';
