import { paths } from '@kadr/contract';

/** The console's pages (routes.ts mounts them; the shell and the pages link to them). */
export const adminPaths = {
  overview: paths.admin,
  people: `${paths.admin}/people`,
  person: (id: string) => `${paths.admin}/people/${encodeURIComponent(id)}`,
  generations: `${paths.admin}/generations`,
  generation: (id: string) => `${paths.admin}/generations/${encodeURIComponent(id)}`,
  payments: `${paths.admin}/payments`,
  payment: (id: string) => `${paths.admin}/payments/${encodeURIComponent(id)}`,
  models: `${paths.admin}/models`,
  audit: `${paths.admin}/audit`,
} as const;
