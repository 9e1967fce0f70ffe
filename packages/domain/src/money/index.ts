export * from './minor.ts';
export * from './currencies.ts';
export * from './decimal.ts';
export * from './stakes.ts';
export * from './account-types.ts';
export * from './payment-postings.ts';
