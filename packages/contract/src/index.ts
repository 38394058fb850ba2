export * from './admin.ts';
export * from './cookies.ts';
export * from './ledger.ts';
export * from './page-config.ts';
export * from './paths.ts';
export * from './referral.ts';
export * from './rules.ts';
export * from './schemas.ts';
