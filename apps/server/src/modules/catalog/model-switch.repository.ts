import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { modelSwitches } from '../../db/schema.ts';

export type ModelSwitchRow = typeof modelSwitches.$inferSelect;

/** Which models an operator switched off or back on (a model without a row is on). */
export function createModelSwitchRepository(db: Executor) {
  return {
    async list(): Promise<ModelSwitchRow[]> {
      return db.select().from(modelSwitches);
    },

    async find(model: string): Promise<ModelSwitchRow | undefined> {
      const [row] = await db
        .select()
        .from(modelSwitches)
        .where(eq(modelSwitches.model, model))
        .limit(1);
      return row;
    },

    async set(model: string, enabled: boolean, by: string | null): Promise<void> {
      await db
        .insert(modelSwitches)
        .values({ model, enabled, updatedBy: by })
        .onConflictDoUpdate({
          target: modelSwitches.model,
          set: { enabled, updatedBy: by, updated: new Date() },
        });
    },
  };
}
