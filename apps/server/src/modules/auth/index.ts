// The auth module's public entry: who is signed in, for every other module's routes and services.
export type { AccountService } from './account.service.ts';
export { requireUser } from './auth.plugin.ts';
export {
  hashToken,
  type RevocationFeed,
  type SessionService,
  type SessionUser,
} from './session.service.ts';
