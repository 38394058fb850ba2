import { type Collection, uuidPattern } from '@kadr/contract';
import type { SessionUser } from '../auth/index.ts';
import type { Generations } from '../generations/index.ts';
import type { CollectionRepository, CollectionRow } from './collection.repository.ts';

function toCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    name: row.name,
    count: row.count,
    created: row.created instanceof Date ? row.created.toISOString() : String(row.created),
  };
}

/** Not the person's collection or generation (someone else's, or none). */
type NotFound = { outcome: 'not_found' };
const notFound: NotFound = { outcome: 'not_found' };

/** How creating a collection ended. */
export type CollectionCreation =
  | { outcome: 'created'; collection: Collection }
  /** The person has a collection of that name (whatever its case). */
  | { outcome: 'name_taken' };

/** How deleting a collection, or putting a generation in or taking it out, ended. */
export type CollectionChange = { outcome: 'changed' } | NotFound;

/** Which of the person's collections hold one of their generations. */
export type CollectionsHolding = { outcome: 'found'; ids: string[] } | NotFound;

/** A person's collections; anyone else's collection or generation is not found. */
export function createCollectionService(deps: {
  repositories: { collections: CollectionRepository; generations: Generations };
}) {
  const { collections, generations } = deps.repositories;
  const valid = (...ids: string[]) => ids.every((id) => uuidPattern.test(id));
  const changed: CollectionChange = { outcome: 'changed' };
  return {
    async list(user: SessionUser) {
      return { items: (await collections.list(user.id)).map(toCollection) };
    },
    async create(user: SessionUser, name: string): Promise<CollectionCreation> {
      const row = await collections.create(user.id, name.trim());
      if (!row) return { outcome: 'name_taken' };
      return { outcome: 'created', collection: toCollection(row) };
    },
    async remove(user: SessionUser, id: string): Promise<CollectionChange> {
      return valid(id) && (await collections.delete(user.id, id)) ? changed : notFound;
    },
    async add(user: SessionUser, id: string, generationId: string): Promise<CollectionChange> {
      return valid(id, generationId) && (await collections.add(user.id, id, generationId))
        ? changed
        : notFound;
    },
    async take(user: SessionUser, id: string, generationId: string): Promise<CollectionChange> {
      return valid(id, generationId) && (await collections.remove(user.id, id, generationId))
        ? changed
        : notFound;
    },
    async holding(user: SessionUser, generationId: string): Promise<CollectionsHolding> {
      if (!valid(generationId) || !(await generations.findOwned(user.id, generationId))) {
        return notFound;
      }
      return { outcome: 'found', ids: await collections.idsHolding(user.id, generationId) };
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
