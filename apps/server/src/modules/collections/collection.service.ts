import { type Collection, uuidPattern } from '@kadr/contract';
import { HttpProblem } from '../../lib/problem.ts';
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

const notFound = () => new HttpProblem(404, 'Collection or generation not found.');

/** A person's collections; anyone else's collection or generation answers 404. */
export function createCollectionService(deps: {
  repositories: { collections: CollectionRepository; generations: Generations };
}) {
  const { collections, generations } = deps.repositories;
  const valid = (...ids: string[]) => ids.every((id) => uuidPattern.test(id));
  return {
    async list(user: SessionUser) {
      return { items: (await collections.list(user.id)).map(toCollection) };
    },
    async create(user: SessionUser, name: string): Promise<Collection> {
      const row = await collections.create(user.id, name.trim());
      if (!row) {
        throw new HttpProblem(409, 'You already have a collection with this name.', {
          errors: [{ field: 'name', code: 'taken', message: 'is already used' }],
        });
      }
      return toCollection(row);
    },
    async remove(user: SessionUser, id: string): Promise<void> {
      if (!valid(id) || !(await collections.delete(user.id, id))) throw notFound();
    },
    async add(user: SessionUser, id: string, generationId: string): Promise<void> {
      if (!valid(id, generationId) || !(await collections.add(user.id, id, generationId))) {
        throw notFound();
      }
    },
    async take(user: SessionUser, id: string, generationId: string): Promise<void> {
      if (!valid(id, generationId) || !(await collections.remove(user.id, id, generationId))) {
        throw notFound();
      }
    },
    async holding(user: SessionUser, generationId: string) {
      if (!valid(generationId) || !(await generations.findOwned(user.id, generationId))) {
        throw notFound();
      }
      return { ids: await collections.idsHolding(user.id, generationId) };
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
