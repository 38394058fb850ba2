import path from 'node:path';
import type { CardSet } from '@kadr/contract';
import type { FileRepository, FileRow, FileUrls } from '../files/index.ts';
import type { CardSetRow } from './card-set.repository.ts';

/** The stored files a set shows: its photo, and the finished cut-out's and scene's outputs. */
export type SetFiles = {
  photo: FileRow | undefined;
  cutout: FileRow | undefined;
  scene: FileRow | undefined;
};

// An upload may be a recording (ADR 049): only pictures count.
const isPicture = (file: FileRow) =>
  file.mime.startsWith('image/') && (file.kind === 'upload' || file.kind === 'output');

/**
 * The files of many sets at once (two queries however many sets): a photo that is no longer there
 * or no longer the person's, and a generation with no output yet (running, failed), are undefined.
 */
export async function filesOfSets(
  deps: { files: Pick<FileRepository, 'findByIds' | 'findByGenerations'>; urls: FileUrls },
  userId: string,
  rows: readonly CardSetRow[],
): Promise<Map<string, SetFiles>> {
  const photoIds = new Map<string, string>();
  for (const row of rows) {
    const own = deps.urls.parseOwn(row.photo);
    if (own) photoIds.set(row.id, own.id);
  }
  const generationIds = rows.flatMap((row) =>
    [row.cutoutGenerationId, row.sceneGenerationId].filter((id): id is string => id !== null),
  );
  const [photos, outputs] = await Promise.all([
    deps.files.findByIds([...new Set(photoIds.values())]),
    deps.files.findByGenerations([...new Set(generationIds)]),
  ]);
  const photoById = new Map(
    photos.filter((file) => file.ownerId === userId && isPicture(file)).map((f) => [f.id, f]),
  );
  // findByGenerations orders by position: the first image output of each generation is its picture.
  const outputOf = new Map<string, FileRow>();
  for (const file of outputs) {
    if (file.ownerId !== userId || file.kind !== 'output' || !file.mime.startsWith('image/')) {
      continue;
    }
    if (file.generationId && !outputOf.has(file.generationId)) {
      outputOf.set(file.generationId, file);
    }
  }
  const found = new Map<string, SetFiles>();
  for (const row of rows) {
    const photoId = photoIds.get(row.id);
    found.set(row.id, {
      photo: photoId === undefined ? undefined : photoById.get(photoId),
      cutout: row.cutoutGenerationId ? outputOf.get(row.cutoutGenerationId) : undefined,
      scene: row.sceneGenerationId ? outputOf.get(row.sceneGenerationId) : undefined,
    });
  }
  return found;
}

/** The name a stored file is served under. */
export const servedName = (file: Pick<FileRow, 'storageKey'>) =>
  path.posix.basename(file.storageKey);

/** A card set as its record, with where its pictures are served. */
export function toCardSet(row: CardSetRow, files: SetFiles, urls: FileUrls): CardSet {
  const picture = (file: FileRow | undefined) =>
    file
      ? {
          url: urls.path(file.id, servedName(file)),
          width: file.width ?? 0,
          height: file.height ?? 0,
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    preset: row.preset,
    photo: row.photo,
    cutout: row.cutoutGenerationId,
    scene: row.sceneGenerationId,
    backdrop: row.backdrop,
    slides: row.slides,
    pictures: {
      photo: picture(files.photo),
      cutout: picture(files.cutout),
      scene: picture(files.scene),
    },
    batch: row.batchId,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}
