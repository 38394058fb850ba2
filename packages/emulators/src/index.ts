export * from './oauth/index.ts';
export * from './replicate/index.ts';
