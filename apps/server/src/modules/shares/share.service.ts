import { randomBytes } from 'node:crypto';
import { modelName } from '@kadr/catalog';
import { type Share, uuidPattern } from '@kadr/contract';
import type { SendableObject } from '../../lib/send-object.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import { type FileRepository, sendable } from '../files/index.ts';
import type { Generations } from '../generations/index.ts';
import type { SharedResult, ShareRepository, ShareRow } from './share.repository.ts';

/** 32 random bytes: unguessable, and nothing in it says whose or which result it is. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Not one of the person's generations (someone else's, or none). */
type NotFound = { outcome: 'not_found' };

/** A generation's live link, or null when it has none. */
export type ShareState = { outcome: 'found'; share: Share | null } | NotFound;

/** How sharing a result ended. */
export type Sharing = { outcome: 'shared'; share: Share } | NotFound | { outcome: 'not_finished' };

/** How revoking a result's link ended. */
export type ShareRevoke = { outcome: 'revoked' } | NotFound;

/** A shared result's file, ready to send; or nothing: no live link, or no such file behind it. */
export type SharedFile =
  | { outcome: 'found'; mime: string; object: SendableObject }
  | { outcome: 'nothing_shared' };

/**
 * Share links: the owner makes one (choosing whether the prompt shows), reads it and revokes it;
 * anyone holding a live one sees the result. The link's address carries the owner's referral id.
 */
export function createShareService(deps: {
  repositories: { shares: ShareRepository; generations: Generations; files: FileRepository };
  storage: Pick<ObjectStorage, 'open'>;
  publicUrl: string;
}) {
  const { shares, generations } = deps.repositories;
  const toShare = (row: ShareRow, ownerId: string): Share => ({
    token: row.token,
    url: `${deps.publicUrl}/s/${row.token}?ref=${ownerId}`,
    show_prompt: row.showPrompt,
    created: row.created instanceof Date ? row.created.toISOString() : String(row.created),
  });
  const owned = async (user: SessionUser, id: string) =>
    uuidPattern.test(id) ? await generations.findOwned(user.id, id) : undefined;
  const notFound = { outcome: 'not_found' } as const;

  return {
    async read(user: SessionUser, id: string): Promise<ShareState> {
      if (!(await owned(user, id))) return notFound;
      const row = await shares.live(user.id, id);
      return { outcome: 'found', share: row ? toShare(row, user.id) : null };
    },
    async share(user: SessionUser, id: string, showPrompt: boolean): Promise<Sharing> {
      const generation = await owned(user, id);
      if (!generation) return notFound;
      if (generation.status !== 'completed') return { outcome: 'not_finished' };
      const row = await shares.upsert(user.id, id, newToken(), showPrompt);
      return { outcome: 'shared', share: toShare(row, user.id) };
    },
    async revoke(user: SessionUser, id: string): Promise<ShareRevoke> {
      if (!(await owned(user, id))) return notFound;
      await shares.revoke(user.id, id);
      return { outcome: 'revoked' };
    },

    /** A live link's result, or undefined for anything else (unknown, revoked, malformed). */
    async resolve(token: string): Promise<(SharedResult & { modelName: string }) | undefined> {
      if (!shareTokenPattern.test(token)) return undefined;
      const shared = await shares.resolve(token);
      if (!shared) return undefined;
      // Kadr's own work (a join of clips) is named too, though no model entry exists for it.
      return { ...shared, modelName: modelName(shared.model) };
    },

    /** A shared result's output (`media`) or its preview (`poster`), ready to send. */
    async file(token: string, which: 'media' | 'poster'): Promise<SharedFile> {
      const shared = await this.resolve(token);
      const entry = shared?.files.find((file) =>
        which === 'media' ? file.kind === 'output' && file.position === 0 : file.kind !== 'output',
      );
      const file = entry && (await deps.repositories.files.findById(entry.id));
      if (!file) return { outcome: 'nothing_shared' };
      return { outcome: 'found', mime: file.mime, object: sendable(deps.storage, file) };
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
