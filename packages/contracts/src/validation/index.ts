export * from './field-problem.ts';
export * from './booking-form.ts';
export * from './payment-settings.ts';
export * from './resource.ts';
export * from './blockout.ts';
export * from './pricing.ts';
export * from './passwords.ts';
export * from './availability-settings.ts';
