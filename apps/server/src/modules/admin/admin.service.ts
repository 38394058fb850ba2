import type { AdminAuditEntry, AdminPerson } from '@kadr/contract';
import { HttpProblem } from '../../lib/problem.ts';
import type { Repositories } from '../../repositories.ts';
import type { SessionService, SessionUser } from '../auth/session.service.ts';
import { InsufficientTokensError } from '../ledger/ledger.repository.ts';
import type { AdminAuditRow, Role } from './admin.repository.ts';

/** Someone allowed into the console: their account and e-mail (named in the audit log). */
export interface Operator {
  id: string;
  email: string;
}

const toPerson = (row: {
  id: string;
  email: string;
  name: string;
  tokens: number;
  role: Role;
  created: Date;
}): AdminPerson => ({ ...row, created: row.created.toISOString() });

const toAuditEntry = (row: AdminAuditRow): AdminAuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actor_id: row.actorId,
  actor: row.actor,
  action: row.action,
  subject_type: row.subjectType,
  subject_id: row.subjectId,
  before: row.before,
  after: row.after,
  reason: row.reason,
});

/**
 * The operator console's rules: who is an operator (granted only from the command line), and every
 * action they take — through the ledger for money — recorded in the append-only audit log in the
 * same transaction.
 */
export function createAdminService(deps: {
  repositories: Pick<Repositories, 'admin' | 'transaction'>;
  sessions: Pick<SessionService, 'revokeAllFor' | 'revoke' | 'signedInAt'>;
  adminSessionMs: number;
}) {
  const { admin } = deps.repositories;
  const notFound = () => new HttpProblem(404, 'Not found.');

  return {
    /**
     * The operator behind a request, or 404 for anyone else — the console is not advertised. An
     * operator's session older than `ADMIN_SESSION_HOURS` ends here.
     */
    async operator(user: SessionUser | undefined, token: string | undefined): Promise<Operator> {
      if (!user || !token) throw notFound();
      const found = await admin.roleOf(user.id);
      if (found?.role !== 'admin') throw notFound();
      const signedIn = await deps.sessions.signedInAt(token);
      if (!signedIn || Date.now() - signedIn.getTime() > deps.adminSessionMs) {
        await deps.sessions.revoke(token);
        throw new HttpProblem(401, 'Your operator session has ended; please sign in again.');
      }
      return { id: user.id, email: found.email };
    },

    /** `npm run admin -- grant|revoke <email>`: the role changes, the person's sessions end. */
    async setRole(email: string, role: Role): Promise<{ id: string; changed: boolean }> {
      const found = await admin.findByEmail(email.trim());
      if (found.length === 0) throw new Error(`No account has the e-mail ${email}.`);
      if (found.length > 1) {
        throw new Error(`Several accounts have the e-mail ${email}; grant by id in the database.`);
      }
      const person = found[0] as (typeof found)[number];
      if (person.role === role) return { id: person.id, changed: false };
      await deps.repositories.transaction(async (tx) => {
        await tx.admin.setRole(person.id, role);
        await tx.admin.record({
          actor: 'cli',
          action: role === 'admin' ? 'role.grant' : 'role.revoke',
          subjectType: 'user',
          subjectId: person.id,
          before: { role: person.role },
          after: { role },
          reason: 'command line',
        });
      });
      await deps.sessions.revokeAllFor(person.id);
      return { id: person.id, changed: true };
    },

    async search(q: string): Promise<AdminPerson[]> {
      return (await admin.search(q, 50)).map(toPerson);
    },

    /** Moves a balance by a signed amount, as an `adjustment` ledger entry naming the operator. */
    async adjust(operator: Operator, userId: string, change: { delta: number; reason: string }) {
      const person = await admin.person(userId);
      if (!person) throw notFound();
      try {
        return await deps.repositories.transaction(async (tx) => {
          const moved = await tx.ledger.apply({
            userId,
            delta: change.delta,
            reason: 'adjustment',
            actorId: operator.id,
            note: change.reason,
          });
          if (!moved.applied) throw new Error('the adjustment was not written');
          const before = moved.balance - change.delta;
          await tx.admin.record({
            actorId: operator.id,
            actor: operator.email,
            action: 'balance.adjust',
            subjectType: 'user',
            subjectId: userId,
            before: { tokens: before },
            after: { tokens: moved.balance },
            reason: change.reason,
          });
          return {
            user_id: userId,
            delta: change.delta,
            balance_before: before,
            balance_after: moved.balance,
          };
        });
      } catch (error) {
        if (error instanceof InsufficientTokensError) {
          throw new HttpProblem(409, 'A balance cannot go below zero.', {
            errors: [
              { field: 'delta', code: 'below_zero', message: 'would take the balance below zero' },
            ],
          });
        }
        throw error;
      }
    },

    async audit(filters: {
      action?: string | undefined;
      subject?: string | undefined;
      limit: number;
    }) {
      return (await admin.audit(filters)).map(toAuditEntry);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
