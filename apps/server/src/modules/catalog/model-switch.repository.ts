import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { modelSwitches } from '../../db/schema.ts';
import { realtimeChannels } from '../../lib/realtime-messages.ts';

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

    /**
     * Switches a model and, in the same statement, tells every node (`kadr_model`, the model id):
     * each forgets what it read and tells its open pages. Inside a transaction the notification
     * leaves only at commit, so nobody hears of a switch that did not happen.
     */
    async set(model: string, enabled: boolean, by: string | null): Promise<void> {
      await db.execute(sql`
        with changed as (
          insert into ${modelSwitches} (model, enabled, updated_by)
          values (${model}, ${enabled}, ${by})
          on conflict (model) do update
            set enabled = excluded.enabled, updated_by = excluded.updated_by, updated = now()
          returning model)
        select pg_notify(${realtimeChannels.model}, model) from changed`);
    },
  };
}

export type ModelSwitchRepository = ReturnType<typeof createModelSwitchRepository>;
