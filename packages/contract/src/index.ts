export * from './cookies.ts';
export * from './paths.ts';
export * from './schemas.ts';
