import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { RecordFileEntry } from '../../db/schema.ts';
import { generationRequests, shareLinks } from '../../db/schema.ts';

export type ShareRow = { token: string; showPrompt: boolean; created: Date };

/** What a share page shows: the result, its model, its prompt (if shown), its owner (referral). */
export type SharedResult = {
  token: string;
  showPrompt: boolean;
  ownerId: string;
  model: string;
  type: 'image' | 'video';
  prompt: string;
  files: RecordFileEntry[];
};

export function createShareRepository(db: Executor) {
  return {
    /** The live link of one of the person's generations, if any. */
    async live(userId: string, generationId: string): Promise<ShareRow | undefined> {
      const [row] = await db
        .select({
          token: shareLinks.token,
          showPrompt: shareLinks.showPrompt,
          created: shareLinks.created,
        })
        .from(shareLinks)
        .where(
          and(
            eq(shareLinks.generationId, generationId),
            eq(shareLinks.userId, userId),
            isNull(shareLinks.revokedAt),
          ),
        );
      return row;
    },

    /** The live link with this choice about the prompt: made with `token`, or the one there is. */
    async upsert(
      userId: string,
      generationId: string,
      token: string,
      showPrompt: boolean,
    ): Promise<ShareRow> {
      const result = await db.execute<{ token: string; showPrompt: boolean; created: Date }>(sql`
        insert into ${shareLinks} (token, generation_id, user_id, show_prompt)
        values (${token}, ${generationId}, ${userId}, ${showPrompt})
        on conflict (generation_id) where revoked_at is null
        do update set show_prompt = excluded.show_prompt
        returning token, show_prompt as "showPrompt", created`);
      const row = result.rows[0];
      if (!row) throw new Error('share upsert returned nothing');
      return { ...row, created: new Date(row.created) };
    },

    /** Ends the live link of one of the person's generations; whether there was one. */
    async revoke(userId: string, generationId: string): Promise<boolean> {
      const revoked = await db
        .update(shareLinks)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(shareLinks.generationId, generationId),
            eq(shareLinks.userId, userId),
            isNull(shareLinks.revokedAt),
          ),
        )
        .returning({ token: shareLinks.token });
      return revoked.length > 0;
    },

    /** A live link's completed result, or undefined (unknown, revoked, or not completed). */
    async resolve(token: string): Promise<SharedResult | undefined> {
      const [row] = await db
        .select({
          token: shareLinks.token,
          showPrompt: shareLinks.showPrompt,
          ownerId: generationRequests.userId,
          model: generationRequests.model,
          type: generationRequests.type,
          prompt: sql<string>`coalesce(${generationRequests.jsondata} ->> 'prompt', '')`,
          files: sql<RecordFileEntry[]>`coalesce(${generationRequests.recordFiles}, '[]'::jsonb)`,
        })
        .from(shareLinks)
        .innerJoin(generationRequests, eq(generationRequests.id, shareLinks.generationId))
        .where(
          and(
            eq(shareLinks.token, token),
            isNull(shareLinks.revokedAt),
            eq(generationRequests.status, 'completed'),
          ),
        );
      return row;
    },
  };
}

export type ShareRepository = ReturnType<typeof createShareRepository>;
