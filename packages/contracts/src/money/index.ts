/** Money arithmetic shared by services and screens (decision 4). Formatting lives in packages/ui. */
export * from './cents.ts';
export * from './rate.ts';
export * from './gst.ts';
export * from './deposit.ts';
export * from './bond.ts';
export * from './figures.ts';
