import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { adminAudit, users } from '../../db/schema.ts';

export type AdminAuditRow = typeof adminAudit.$inferSelect;
export type Role = 'user' | 'admin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const personColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  tokens: users.tokens,
  role: users.role,
  created: users.created,
};

/** Roles, people as the console sees them, and the append-only audit log. */
export function createAdminRepository(db: Executor) {
  return {
    async roleOf(userId: string): Promise<{ role: Role; email: string } | undefined> {
      const [row] = await db
        .select({ role: users.role, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** Everyone with this e-mail (case-insensitive): one, none, or — for the caller to refuse — several. */
    async findByEmail(email: string) {
      return db
        .select(personColumns)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(2);
    },

    async setRole(userId: string, role: Role): Promise<void> {
      await db.update(users).set({ role, updated: new Date() }).where(eq(users.id, userId));
    },

    /** People whose e-mail or name contains `q`, or whose id it is; newest first. */
    async search(q: string, limit: number) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = q
        ? or(
            ilike(users.email, pattern),
            ilike(users.name, pattern),
            ...(UUID.test(q) ? [eq(users.id, q)] : []),
          )
        : undefined;
      return db
        .select(personColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.created))
        .limit(limit);
    },

    async person(id: string) {
      if (!UUID.test(id)) return undefined;
      const [row] = await db.select(personColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async record(entry: typeof adminAudit.$inferInsert): Promise<AdminAuditRow> {
      const [row] = await db.insert(adminAudit).values(entry).returning();
      if (!row) throw new Error('insert into admin_audit returned nothing');
      return row;
    },

    async audit(filters: {
      action?: string | undefined;
      subject?: string | undefined;
      limit: number;
    }) {
      return db
        .select()
        .from(adminAudit)
        .where(
          and(
            filters.action ? eq(adminAudit.action, filters.action) : undefined,
            filters.subject ? eq(adminAudit.subjectId, filters.subject) : undefined,
          ),
        )
        .orderBy(desc(adminAudit.id))
        .limit(filters.limit);
    },
  };
}
