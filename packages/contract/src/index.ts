export * from './cookies.ts';
export * from './paths.ts';
export * from './referral.ts';
export * from './schemas.ts';
