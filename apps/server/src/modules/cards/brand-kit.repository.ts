import type { BrandKit } from '@kadr/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { brandKits } from '../../db/schema.ts';

export type BrandKitRow = typeof brandKits.$inferSelect;

/** A person's brand kit: one row per person, written whole. */
export function createBrandKitRepository(db: Executor) {
  return {
    async find(userId: string): Promise<BrandKitRow | undefined> {
      const [row] = await db.select().from(brandKits).where(eq(brandKits.userId, userId)).limit(1);
      return row;
    },

    /** Saves the person's kit (the first time, or over the one they had). */
    async save(userId: string, kit: BrandKit): Promise<BrandKitRow> {
      const values = {
        font: kit.font,
        colours: kit.colours,
        logo: kit.logo,
        badgeStyle: kit.badgeStyle,
      };
      const [row] = await db
        .insert(brandKits)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: brandKits.userId, set: { ...values, updated: sql`now()` } })
        .returning();
      if (!row) throw new Error('saving a brand kit returned nothing');
      return row;
    },
  };
}

export type BrandKitRepository = ReturnType<typeof createBrandKitRepository>;
