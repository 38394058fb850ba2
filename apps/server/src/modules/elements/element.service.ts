import path from 'node:path';
import { characterTraining } from '@kadr/catalog';
import {
  type CreateElementBody,
  type ElementPicture,
  elementPicturesMax,
  type LibraryElement,
  type UpdateElementBody,
  uuidPattern,
} from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import type { Transaction } from '../../lib/transaction.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { FileRepository, FileRow, FileUrls } from '../files/index.ts';
import { findOwnImage, readStored } from '../files/index.ts';
import type { UploadService } from '../uploads/index.ts';
import type {
  ElementPictureRow,
  ElementRepository,
  ElementWithPictures,
} from './element.repository.ts';
import type { TrainingService } from './training.service.ts';

/** The model a trained character runs (the catalogue's; ADR 045). */
const characterModel = characterTraining.makes;

/** Not the person's element (someone else's, deleted, or never made), or not a picture of it. */
type NotFound = { outcome: 'not_found' };
const notFound: NotFound = { outcome: 'not_found' };

/** Why a picture given by its address cannot join an element (by its place in the list). */
export type PictureProblem = {
  index: number;
  /** Not an upload or an image result of the person's; or one whose bytes do not decode. */
  code: 'not_own_picture' | 'unreadable';
};

/** How a change of the library ended: the element as it now is, or why nothing changed. */
export type ElementOutcome =
  | { outcome: 'done'; element: LibraryElement }
  | NotFound
  /** Another of the person's elements has the name (whatever its case). */
  | { outcome: 'name_taken' }
  | { outcome: 'invalid_pictures'; problems: PictureProblem[] }
  /** The pictures would pass the element's limit (`elementPicturesMax`). */
  | { outcome: 'too_many_pictures'; limit: number }
  /** An element keeps at least one picture: delete the element instead. */
  | { outcome: 'last_picture' }
  /** The cover named is not one of its pictures. */
  | { outcome: 'unknown_cover' };

export type ElementDeletion = { outcome: 'deleted' } | NotFound;

/** An element as a generation uses it: its pictures' addresses, its cover first. */
export type UsedElement = {
  id: string;
  name: string;
  kind: LibraryElement['kind'];
  description: string;
  /** Absolute Kadr file URLs (the engine signs them for the provider). */
  pictures: string[];
  /** A trained character's version and trigger word (its latest succeeded training; ADR 045). */
  trained?: { version: string; triggerWord: string };
};

/** The elements a generation names, or the places in its list that are not the person's. */
export type ElementsUse =
  | { outcome: 'found'; elements: UsedElement[] }
  | { outcome: 'not_found'; indexes: number[] };

type Parts = { elements: ElementRepository };

/**
 * A person's library of characters and products (issue #47, ADR 043). Every picture is the
 * person's own: an upload is kept as it is (it was checked when uploaded), a result is checked and
 * copied as an upload is, so deleting the result later leaves the element whole. Deleting an
 * element or taking a picture out deletes no file: past results that used it stay readable.
 */
export function createElementService(deps: {
  repositories: {
    elements: ElementRepository;
    files: FileRepository;
    transaction: Transaction<Parts>;
  };
  uploads: Pick<UploadService, 'storeImage'>;
  storage: Pick<ObjectStorage, 'read'>;
  urls: FileUrls;
  publicUrl: string;
  /** Characters' trainings: each element's latest, and what trained ones run. */
  trainings: Pick<TrainingService, 'latest' | 'trained'>;
}) {
  const { elements, files, transaction } = deps.repositories;

  const picture = (row: ElementPictureRow): ElementPicture => ({
    id: row.fileId,
    url: deps.urls.path(row.fileId, path.posix.basename(row.storageKey)),
    width: row.width ?? 0,
    height: row.height ?? 0,
  });

  const iso = (date: Date) => (date instanceof Date ? date.toISOString() : String(date));

  async function toElements(
    userId: string,
    rows: readonly ElementWithPictures[],
    locale: Locale,
  ): Promise<LibraryElement[]> {
    const characters = rows.filter((row) => row.kind === 'character').map((row) => row.id);
    const [latest, trained] = await Promise.all([
      deps.trainings.latest(userId, characters, locale),
      deps.trainings.trained(userId, characters),
    ]);
    return rows.map((row) => ({
      ...toElement(row),
      training: latest.get(row.id) ?? null,
      trained_model: trained.has(row.id) ? characterModel : null,
    }));
  }

  function toElement(row: ElementWithPictures): Omit<LibraryElement, 'training' | 'trained_model'> {
    const pictures = row.pictures.map(picture);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      description: row.description,
      cover: pictures.find((p) => p.id === row.coverFileId) ?? pictures[0] ?? null,
      pictures,
      archived: row.archivedAt !== null,
      created: iso(row.created),
      updated: iso(row.updated),
    };
  }

  async function current(userId: string, id: string, locale: Locale): Promise<ElementOutcome> {
    const row = await elements.find(userId, id);
    if (!row) return notFound;
    const [element] = await toElements(userId, [row], locale);
    return element ? { outcome: 'done', element } : notFound;
  }

  /** The person's own pictures by address, each once, or every address that is not one. */
  async function ownPictures(
    userId: string,
    addresses: readonly string[],
  ): Promise<{ files: FileRow[] } | { problems: PictureProblem[] }> {
    const found = await Promise.all(
      addresses.map((address) =>
        findOwnImage({ files, urls: deps.urls, publicUrl: deps.publicUrl }, userId, address),
      ),
    );
    const problems = found.flatMap((file, index) =>
      file ? [] : [{ index, code: 'not_own_picture' as const }],
    );
    if (problems.length > 0) return { problems };
    const unique = new Map<string, FileRow>();
    for (const file of found) if (file) unique.set(file.id, file);
    return { files: [...unique.values()] };
  }

  /**
   * The files an element keeps for these pictures: an upload as it is, a result re-checked and
   * stored again as the person's upload (its own copy).
   */
  async function keptCopies(
    userId: string,
    found: FileRow[],
  ): Promise<{ ids: string[] } | { problems: PictureProblem[] }> {
    const ids: string[] = [];
    const problems: PictureProblem[] = [];
    for (const [index, file] of found.entries()) {
      if (file.kind === 'upload') {
        ids.push(file.id);
        continue;
      }
      const bytes = await readStored(deps.storage, file);
      const stored = bytes ? await deps.uploads.storeImage(userId, bytes) : undefined;
      if (stored?.outcome === 'stored') ids.push(stored.file.id);
      else problems.push({ index, code: 'unreadable' });
    }
    return problems.length > 0 ? { problems } : { ids };
  }

  return {
    async list(
      userId: string,
      archived: boolean,
      locale: Locale = 'en',
    ): Promise<{ items: LibraryElement[] }> {
      return { items: await toElements(userId, await elements.list(userId, archived), locale) };
    },

    async get(userId: string, id: string, locale: Locale = 'en'): Promise<ElementOutcome> {
      return uuidPattern.test(id) ? current(userId, id, locale) : notFound;
    },

    async create(
      userId: string,
      body: CreateElementBody,
      locale: Locale = 'en',
    ): Promise<ElementOutcome> {
      const name = body.name.trim();
      // Asked first so that a taken name copies no result; the unique index has the last word.
      if (await elements.hasName(userId, name)) return { outcome: 'name_taken' };
      const own = await ownPictures(userId, body.pictures);
      if ('problems' in own) return { outcome: 'invalid_pictures', problems: own.problems };
      const kept = await keptCopies(userId, own.files);
      if ('problems' in kept) return { outcome: 'invalid_pictures', problems: kept.problems };
      const created = await transaction(['elements'], async (tx) => {
        const row = await tx.elements.create(userId, {
          kind: body.kind,
          name,
          description: body.description?.trim() ?? '',
        });
        if (!row) return undefined;
        await tx.elements.addPictures(row.id, kept.ids);
        await tx.elements.update(userId, row.id, { coverFileId: kept.ids[0] });
        return row;
      });
      return created ? current(userId, created.id, locale) : { outcome: 'name_taken' };
    },

    async update(
      userId: string,
      id: string,
      body: UpdateElementBody,
      locale: Locale = 'en',
    ): Promise<ElementOutcome> {
      if (!uuidPattern.test(id)) return notFound;
      const element = await elements.find(userId, id);
      if (!element) return notFound;
      if (body.cover !== undefined && !element.pictures.some((p) => p.fileId === body.cover)) {
        return { outcome: 'unknown_cover' };
      }
      const changed = await elements.update(userId, id, {
        ...(body.name === undefined ? {} : { name: body.name.trim() }),
        ...(body.description === undefined ? {} : { description: body.description.trim() }),
        ...(body.cover === undefined ? {} : { coverFileId: body.cover }),
        ...(body.archived === undefined ? {} : { archived: body.archived }),
      });
      if (changed === 'name_taken') return { outcome: 'name_taken' };
      return changed === 'changed' ? current(userId, id, locale) : notFound;
    },

    async addPictures(
      userId: string,
      id: string,
      addresses: string[],
      locale: Locale = 'en',
    ): Promise<ElementOutcome> {
      if (!uuidPattern.test(id)) return notFound;
      const element = await elements.find(userId, id);
      if (!element) return notFound;
      const own = await ownPictures(userId, addresses);
      if ('problems' in own) return { outcome: 'invalid_pictures', problems: own.problems };
      const fresh = own.files.filter((file) => !element.pictures.some((p) => p.fileId === file.id));
      if (element.pictures.length + fresh.length > elementPicturesMax) {
        return { outcome: 'too_many_pictures', limit: elementPicturesMax };
      }
      const kept = await keptCopies(userId, fresh);
      if ('problems' in kept) return { outcome: 'invalid_pictures', problems: kept.problems };
      const added = await transaction(['elements'], async (tx) => {
        // Counted again under the element's lock: two additions at once cannot pass the limit.
        if (!(await tx.elements.lock(userId, id))) return notFound;
        if ((await tx.elements.countPictures(id)) + kept.ids.length > elementPicturesMax) {
          return { outcome: 'too_many_pictures', limit: elementPicturesMax } as const;
        }
        await tx.elements.addPictures(id, kept.ids);
        await tx.elements.update(userId, id, {});
        return undefined;
      });
      return added ?? current(userId, id, locale);
    },

    async removePicture(
      userId: string,
      id: string,
      fileId: string,
      locale: Locale = 'en',
    ): Promise<ElementOutcome> {
      if (!uuidPattern.test(id) || !uuidPattern.test(fileId)) return notFound;
      const refused = await transaction(['elements'], async (tx) => {
        const element = await tx.elements.lock(userId, id);
        if (!element) return notFound;
        if ((await tx.elements.countPictures(id)) <= 1) {
          // Only the last one is refused; a picture it does not have is not found.
          const has = (await tx.elements.find(userId, id))?.pictures.some(
            (p) => p.fileId === fileId,
          );
          return has ? ({ outcome: 'last_picture' } as const) : notFound;
        }
        if (!(await tx.elements.removePicture(id, fileId))) return notFound;
        const cover =
          element.coverFileId === fileId ? await tx.elements.firstPicture(id) : undefined;
        await tx.elements.update(userId, id, cover ? { coverFileId: cover } : {});
        return undefined;
      });
      return refused ?? current(userId, id, locale);
    },

    /**
     * The person's elements a generation names, in its order (archived ones too: an API client
     * may name one it keeps apart). Anyone else's, or an id that is not a UUID, is not found.
     */
    async usedBy(userId: string, ids: readonly string[]): Promise<ElementsUse> {
      const found = await Promise.all(
        ids.map((id) => (uuidPattern.test(id) ? elements.find(userId, id) : undefined)),
      );
      const indexes = found.flatMap((row, index) => (row ? [] : [index]));
      if (indexes.length > 0) return { outcome: 'not_found', indexes };
      const trained = await deps.trainings.trained(
        userId,
        found.flatMap((row) => (row?.kind === 'character' ? [row.id] : [])),
      );
      return {
        outcome: 'found',
        elements: found.flatMap((row) => {
          if (!row) return [];
          const cover = row.pictures.find((p) => p.fileId === row.coverFileId);
          const ordered = cover
            ? [cover, ...row.pictures.filter((p) => p !== cover)]
            : row.pictures;
          return [
            {
              id: row.id,
              name: row.name,
              kind: row.kind,
              description: row.description,
              pictures: ordered.map((p) =>
                deps.urls.absolute(p.fileId, path.posix.basename(p.storageKey)),
              ),
              ...(trained.has(row.id) ? { trained: trained.get(row.id) } : {}),
            },
          ];
        }),
      };
    },

    async remove(userId: string, id: string): Promise<ElementDeletion> {
      return uuidPattern.test(id) && (await elements.delete(userId, id))
        ? { outcome: 'deleted' }
        : notFound;
    },
  };
}

export type ElementService = ReturnType<typeof createElementService>;
