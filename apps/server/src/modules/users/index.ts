// The users module's public entry: a person's row, its repository and its public record.
export { toUserRecord } from './user.mapper.ts';
export type { UserRepository, UserRow } from './user.repository.ts';
