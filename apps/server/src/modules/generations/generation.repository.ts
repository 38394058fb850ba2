import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { type GenerationStatus, generationRequests } from '../../db/schema.ts';
import type { Executor } from '../users/user.repository.ts';

export type GenerationRow = typeof generationRequests.$inferSelect;
export type NewGeneration = typeof generationRequests.$inferInsert;

const active: GenerationStatus[] = ['pending', 'processing'];

export function createGenerationRepository(db: Executor) {
  return {
    async insert(values: NewGeneration): Promise<GenerationRow> {
      const [row] = await db.insert(generationRequests).values(values).returning();
      if (!row) throw new Error('insert into generation_requests returned nothing');
      return row;
    },

    async findById(id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(eq(generationRequests.id, id))
        .limit(1);
      return row;
    },

    async findOwned(userId: string, id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(and(eq(generationRequests.id, id), eq(generationRequests.userId, userId)))
        .limit(1);
      return row;
    },

    async findByPrediction(predictionId: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(
          and(
            eq(generationRequests.provider, 'replicate'),
            eq(generationRequests.replicateId, predictionId),
          ),
        )
        .limit(1);
      return row;
    },

    /** One page of a user's requests, newest first, and the total. */
    async page(
      userId: string,
      options: { page: number; perPage: number; type?: 'image' | 'video' | undefined },
    ) {
      const where = options.type
        ? and(eq(generationRequests.userId, userId), eq(generationRequests.type, options.type))
        : eq(generationRequests.userId, userId);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(generationRequests)
          .where(where)
          .orderBy(desc(generationRequests.created), desc(generationRequests.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db.select({ n: count() }).from(generationRequests).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /**
     * The provider accepted the request: remember its prediction. The request stays `pending`
     * while the prediction waits to start (a cold model boots) and is `processing` once it runs.
     */
    async markSubmitted(
      id: string,
      predictionId: string,
      deadline: Date,
      status: 'pending' | 'processing',
    ): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({
          replicateId: predictionId,
          status,
          submittedAt: sql`now()`,
          updated: sql`now()`,
          deadline,
        })
        .where(and(eq(generationRequests.id, id), eq(generationRequests.status, 'pending')))
        .returning();
      return row;
    },

    /** The provider started running a submitted prediction: pending → processing, once. */
    async markProcessing(id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({ status: 'processing', updated: sql`now()` })
        .where(
          and(
            eq(generationRequests.id, id),
            eq(generationRequests.status, 'pending'),
            isNotNull(generationRequests.replicateId),
          ),
        )
        .returning();
      return row;
    },

    /** Ends an active request as failed; undefined when it had already ended (so nobody refunds twice). */
    async markFailed(id: string, error: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({ status: 'failed', error, completedAt: sql`now()`, updated: sql`now()` })
        .where(and(eq(generationRequests.id, id), inArray(generationRequests.status, active)))
        .returning();
      return row;
    },

    async markCompleted(id: string, output: unknown[]): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({
          status: 'completed',
          jsondata: sql`${generationRequests.jsondata} || jsonb_build_object('output', ${JSON.stringify(output)}::jsonb)`,
          completedAt: sql`now()`,
          updated: sql`now()`,
        })
        .where(and(eq(generationRequests.id, id), inArray(generationRequests.status, active)))
        .returning();
      return row;
    },

    async mergeJsondata(id: string, patch: Record<string, unknown>): Promise<void> {
      await db
        .update(generationRequests)
        .set({
          jsondata: sql`${generationRequests.jsondata} || ${JSON.stringify(patch)}::jsonb`,
          updated: sql`now()`,
        })
        .where(eq(generationRequests.id, id));
    },

    /** Active requests nobody has heard about since `quietSince`. */
    async findQuiet(quietSince: Date, limit: number): Promise<GenerationRow[]> {
      return db
        .select()
        .from(generationRequests)
        .where(
          and(
            inArray(generationRequests.status, active),
            lt(generationRequests.updated, quietSince),
          ),
        )
        .orderBy(generationRequests.updated)
        .limit(limit);
    },

    async touch(id: string): Promise<void> {
      await db
        .update(generationRequests)
        .set({ updated: sql`now()` })
        .where(eq(generationRequests.id, id));
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
