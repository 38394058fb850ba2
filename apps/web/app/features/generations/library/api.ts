import {
  type Collection,
  collectionListSchema,
  collectionSchema,
  type GenerationRecord,
  generationCollectionsSchema,
  generationEditsSchema,
  generationRecordSchema,
  type Share,
  shareSchema,
  shareStateSchema,
} from '@kadr/contract';
import { apiRequest } from '~/lib/api';
import { wrapped } from '../api';

/**
 * The library's calls — favourites, collections, share links, what was made from a result — which
 * the history, the viewer and the profile make; not part of every screen's first load (ADR 042).
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      collectionListSchema,
      collectionSchema,
      generationCollectionsSchema,
      generationEditsSchema,
      generationRecordSchema,
      shareSchema,
      shareStateSchema,
    }
  : undefined;

/** What was made from this result (lineage, ADR 038), newest first. */
export function listEdits(id: string, signal?: AbortSignal): Promise<GenerationRecord[]> {
  return wrapped('Failed to get edits', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/edits`, {
      signal,
      parse: answers?.generationEditsSchema.parse,
    });
    return result.items;
  });
}

export function setFavorite(id: string, favorite: boolean): Promise<GenerationRecord> {
  return wrapped('Failed to star generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/favorite`, {
      method: 'PUT',
      body: { favorite },
      parse: answers?.generationRecordSchema.parse,
    }),
  );
}

export function deleteGeneration(id: string): Promise<void> {
  return wrapped('Failed to delete generation', async () => {
    await apiRequest(`/api/generations/${encodeURIComponent(id)}`, { method: 'DELETE' });
  });
}

export function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  return wrapped('Failed to get collections', async () => {
    const result = await apiRequest('/api/collections', {
      signal,
      parse: answers?.collectionListSchema.parse,
    });
    return result.items;
  });
}

export function createCollection(name: string): Promise<Collection> {
  return wrapped('Failed to create collection', () =>
    apiRequest('/api/collections', {
      method: 'POST',
      body: { name },
      parse: answers?.collectionSchema.parse,
    }),
  );
}

export function collectionsHolding(id: string, signal?: AbortSignal): Promise<string[]> {
  return wrapped('Failed to get collections', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/collections`, {
      signal,
      parse: answers?.generationCollectionsSchema.parse,
    });
    return result.ids;
  });
}

export function setInCollection(collection: string, id: string, inside: boolean): Promise<void> {
  return wrapped('Failed to change collection', async () => {
    await apiRequest(
      `/api/collections/${encodeURIComponent(collection)}/items/${encodeURIComponent(id)}`,
      { method: inside ? 'PUT' : 'DELETE' },
    );
  });
}

export function readShare(id: string, signal?: AbortSignal): Promise<Share | null> {
  return wrapped('Failed to get share link', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, {
      signal,
      parse: answers?.shareStateSchema.parse,
    });
    return result.share;
  });
}

export function shareGeneration(id: string, showPrompt: boolean): Promise<Share> {
  return wrapped('Failed to share generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, {
      method: 'POST',
      body: { show_prompt: showPrompt },
      parse: answers?.shareSchema.parse,
    }),
  );
}

export function revokeShare(id: string): Promise<void> {
  return wrapped('Failed to stop sharing', async () => {
    await apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, { method: 'DELETE' });
  });
}
