import type { User } from '@kadr/contract';
import type { UserRow } from './user.repository.ts';

/** The spec's user record as the API shows it. */
export function toUserRecord(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    tokens: row.tokens,
    verified: row.verified,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}
