import { listModels } from '@kadr/catalog';
import type {
  AdminGenerationDetail,
  AdminOverview,
  AdminPaymentDetail,
  AdminPeriod,
  AdminPerson,
  AdminPersonDetail,
} from '@kadr/contract';
import { uuidPattern } from '@kadr/contract';
import { HttpProblem } from '../../lib/problem.ts';
import { PaymentProviderError } from '../../providers/payments/gateway.ts';
import type { Repositories } from '../../repositories.ts';
import type { SessionService, SessionUser } from '../auth/session.service.ts';
import type { ModelSwitchService } from '../catalog/model-switch.service.ts';
import type { FileUrls } from '../files/file-url.ts';
import type { GenerationService } from '../generations/generation.service.ts';
import { generationProblem } from '../generations/generations.problems.ts';
import { InsufficientTokensError } from '../ledger/ledger.service.ts';
import type { PaymentService } from '../payments/payment.service.ts';
import {
  iso,
  toAccount,
  toAuditEntry,
  toGeneration,
  toGenerationDetail,
  toIdentity,
  toLedgerEntry,
  toPayment,
  toPaymentDetail,
  toReferral,
  toSession,
} from './admin.mapper.ts';
import type { ListFilters, Role } from './admin.repository.ts';

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

/**
 * The operator console's rules: who is an operator (granted only from the command line), and every
 * action they take — through the ledger for money — recorded in the append-only audit log in the
 * same transaction.
 */
export function createAdminService(deps: {
  repositories: Pick<
    Repositories,
    'admin' | 'transaction' | 'generations' | 'modelSwitches' | 'users'
  >;
  sessions: Pick<SessionService, 'revokeAllFor' | 'revoke' | 'signedInAt'>;
  adminSessionMs: number;
  generations: Pick<GenerationService, 'retryFree'>;
  modelSwitches: Pick<ModelSwitchService, 'forget'>;
  payments: Pick<PaymentService, 'refund'>;
  urls: FileUrls;
}) {
  const { admin } = deps.repositories;
  const notFound = () => new HttpProblem(404, 'Not found.');
  const conflict = (detail: string, code: string) =>
    new HttpProblem(409, detail, { errors: [{ field: 'id', code, message: detail }] });
  const PAGE = 50;

  /** An operator's entry of the audit log, written by `log` (the transaction's, when in one). */
  const audit = (
    log: Pick<typeof admin, 'record'>,
    operator: Operator,
    entry: Omit<Parameters<typeof admin.record>[0], 'actorId' | 'actor'>,
  ) => log.record({ actorId: operator.id, actor: operator.email, ...entry });

  async function accountOf(userId: string) {
    const user = uuidPattern.test(userId)
      ? await deps.repositories.users.findById(userId)
      : undefined;
    if (!user) throw notFound();
    return toAccount(user);
  }

  async function period(since: Date): Promise<AdminPeriod> {
    const figures = await admin.period(since);
    const by = new Map(figures.statuses.map((row) => [row.status, row.n]));
    return {
      signups: figures.signups,
      generations: {
        pending: by.get('pending') ?? 0,
        processing: by.get('processing') ?? 0,
        completed: by.get('completed') ?? 0,
        failed: by.get('failed') ?? 0,
        canceled: by.get('canceled') ?? 0,
      },
      models: figures.models.map((row) => {
        const finished = row.failed + row.completed;
        return {
          model: row.model,
          total: row.total,
          failed: row.failed,
          canceled: row.canceled,
          failure_rate: finished === 0 ? 0 : row.failed / finished,
          median_ms: row.median_ms === null ? null : Math.round(row.median_ms),
        };
      }),
      tokens: figures.tokens,
      purchases: figures.purchases.map((row) => ({
        currency: row.currency as 'RUB' | 'USD',
        count: row.count,
        revenue: Number(row.revenue).toFixed(2),
      })),
    };
  }

  const listFilters = (
    query: Omit<ListFilters, 'limit' | 'offset'> & { page: number },
  ): ListFilters => ({ ...query, limit: PAGE + 1, offset: (query.page - 1) * PAGE });

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
      await deps.repositories.transaction(['admin'], async (tx) => {
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
      await accountOf(userId);
      try {
        return await deps.repositories.transaction(['ledger', 'admin'], async (tx) => {
          const moved = await tx.ledger.adjust({
            userId,
            delta: change.delta,
            operatorId: operator.id,
            reason: change.reason,
          });
          if (!moved.applied) throw new Error('the adjustment was not written');
          const before = moved.balance - change.delta;
          await audit(tx.admin, operator, {
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
      actor?: string | undefined;
      from?: string | undefined;
      limit: number;
    }) {
      return (await admin.audit(filters)).map(toAuditEntry);
    },

    /** Today (UTC), the last 7 and 30 days, and the last 30 days one by one for the charts. */
    async overview(now = new Date()): Promise<AdminOverview> {
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
      return {
        today: await period(today),
        week: await period(daysAgo(7)),
        month: await period(daysAgo(30)),
        days: await admin.days(30),
      };
    },

    async person(userId: string): Promise<AdminPersonDetail> {
      const person = await accountOf(userId);
      const [statement, generations, payments, identities, referrals, sessions] = await Promise.all(
        [
          admin.statement(userId, 100),
          admin.generations({ person: userId, limit: 20, offset: 0 }),
          admin.payments({ person: userId, limit: 20, offset: 0 }),
          admin.identities(userId),
          admin.referrals(userId),
          admin.sessions(userId),
        ],
      );
      return {
        person,
        statement: statement.map(toLedgerEntry),
        generations: generations.map(toGeneration),
        payments: payments.map(toPayment),
        identities: identities.map(toIdentity),
        referrals: {
          referred_by: referrals.referredBy ? toReferral(referrals.referredBy) : null,
          brought: referrals.brought.map((row) => ({
            ...toReferral(row),
            created: iso(row.created) ?? '',
          })),
        },
        sessions: sessions.map(toSession),
      };
    },

    /** Ends every session of a person (they sign in again). */
    async endSessions(operator: Operator, userId: string, reason: string) {
      await accountOf(userId);
      const live = (await admin.sessions(userId)).length;
      await audit(admin, operator, {
        action: 'sessions.end',
        subjectType: 'user',
        subjectId: userId,
        before: { sessions: live },
        after: { sessions: 0 },
        reason,
      });
      await deps.sessions.revokeAllFor(userId);
      return { ok: true as const };
    },

    /**
     * Blocks a person (their sessions end; they cannot sign in or create, and are told why) or
     * unblocks them.
     */
    async setBlocked(operator: Operator, userId: string, blocked: boolean, reason: string) {
      const person = await accountOf(userId);
      if (blocked && userId === operator.id) {
        throw conflict('An operator cannot block themselves.', 'self');
      }
      if ((person.blocked_at !== null) === blocked) {
        throw conflict(
          blocked ? 'This person is blocked already.' : 'This person is not blocked.',
          blocked ? 'blocked' : 'not_blocked',
        );
      }
      await deps.repositories.transaction(['admin'], async (tx) => {
        await tx.admin.setBlocked(userId, blocked ? reason : null);
        await audit(tx.admin, operator, {
          action: blocked ? 'user.block' : 'user.unblock',
          subjectType: 'user',
          subjectId: userId,
          before: { blocked: person.blocked_at !== null, reason: person.blocked_reason },
          after: { blocked, reason: blocked ? reason : null },
          reason,
        });
      });
      if (blocked) await deps.sessions.revokeAllFor(userId);
      return accountOf(userId);
    },

    async generations(query: Omit<ListFilters, 'limit' | 'offset'> & { page: number }) {
      const rows = await admin.generations(listFilters(query));
      return {
        items: rows.slice(0, PAGE).map(toGeneration),
        page: query.page,
        has_more: rows.length > PAGE,
      };
    },

    async generation(id: string): Promise<AdminGenerationDetail> {
      const row = await admin.generation(id);
      if (!row) throw notFound();
      const [outputs, ledger] = await Promise.all([
        admin.outputs(id),
        admin.entriesOf({ generationId: id }),
      ]);
      return toGenerationDetail(row, outputs, ledger, deps.urls);
    },

    /**
     * Gives a completed generation's tokens back (the person reports the result as bad): once, as
     * its `generation_refund` ledger entry naming the operator — the ledger's one refund per
     * generation refuses a second.
     */
    async refundGeneration(operator: Operator, id: string, reason: string) {
      const row = uuidPattern.test(id)
        ? await deps.repositories.generations.findById(id)
        : undefined;
      if (!row) throw notFound();
      if (row.status !== 'completed') {
        throw conflict('Only a completed generation is refunded here.', 'not_completed');
      }
      if (row.cost <= 0) throw conflict('This generation cost nothing.', 'free');
      return deps.repositories.transaction(['ledger', 'admin'], async (tx) => {
        const moved = await tx.ledger.refundGeneration({
          userId: row.userId,
          generationId: row.id,
          tokens: row.cost,
          operator: { id: operator.id, reason },
        });
        if (!moved.applied) throw conflict('This generation was refunded already.', 'refunded');
        await audit(tx.admin, operator, {
          action: 'generation.refund',
          subjectType: 'generation',
          subjectId: row.id,
          before: { tokens: moved.balance - row.cost, refunded: 0 },
          after: { tokens: moved.balance, refunded: row.cost },
          reason,
        });
        return { ok: true as const };
      });
    },

    /** Starts a failed generation again for its person, at no charge, once. */
    async retryGeneration(operator: Operator, id: string, reason: string) {
      const row = uuidPattern.test(id)
        ? await deps.repositories.generations.findById(id)
        : undefined;
      if (!row) throw notFound();
      if (row.status !== 'failed') {
        throw conflict('Only a failed generation can be retried.', 'not_failed');
      }
      const retry = await deps.generations.retryFree(row);
      if (retry.outcome === 'retried_before') {
        throw conflict('This generation was retried already.', 'retried');
      }
      if (retry.outcome !== 'created') throw generationProblem(retry, 'en');
      await audit(admin, operator, {
        action: 'generation.retry',
        subjectType: 'generation',
        subjectId: row.id,
        before: { status: row.status },
        after: { retry: retry.id, cost: 0 },
        reason,
      });
      return { ok: true as const, id: retry.id };
    },

    async payments(query: Omit<ListFilters, 'limit' | 'offset'> & { page: number }) {
      const rows = await admin.payments(listFilters(query));
      return {
        items: rows.slice(0, PAGE).map(toPayment),
        page: query.page,
        has_more: rows.length > PAGE,
      };
    },

    async payment(id: string): Promise<AdminPaymentDetail> {
      const row = await admin.payment(id);
      if (!row) throw notFound();
      const [ledger, events] = await Promise.all([
        admin.entriesOf({ paymentId: id }),
        admin.audit({ subject: id, limit: 200 }),
      ]);
      return toPaymentDetail(row, ledger, events);
    },

    /**
     * Refunds what is left of a paid payment through its provider; the provider's answer takes
     * the tokens back through the payments' own settlement (the ledger's payment_reversal).
     */
    async refundPayment(operator: Operator, id: string, reason: string) {
      const before = await admin.payment(id);
      if (!before) throw notFound();
      const account = await deps.repositories.users.findById(String(before.user_id));
      // One idempotency key per operator refund of this payment: a double submit refunds once,
      // while a refund after an earlier one (or after one that failed) is a new request.
      const earlier = await admin.audit({ action: 'payment.refund', subject: id, limit: 200 });
      let done: Awaited<ReturnType<typeof deps.payments.refund>>;
      try {
        done = await deps.payments.refund(id, {
          idempotencyKey: `admin-refund:${id}:${earlier.length}`,
          customerEmail: account?.email || undefined,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        // The provider refused or could not be reached: no refund was made, nothing taken back.
        throw new HttpProblem(502, `The provider did not refund: ${error.message}`);
      }
      const after = await admin.payment(id);
      await audit(admin, operator, {
        action: 'payment.refund',
        subjectType: 'payment',
        subjectId: id,
        before: {
          reversed_minor: Number(before.reversed_minor),
          reversed_tokens: Number(before.reversed_tokens),
        },
        after: {
          // What the provider recorded: a pending refund is asked for, not yet paid out.
          refund_status: done.refund.status,
          refund_minor: done.refund.amountMinor,
          refund_id: done.refund.refundId,
          reversed_minor: Number(after?.reversed_minor ?? 0),
          reversed_tokens: Number(after?.reversed_tokens ?? 0),
        },
        reason,
      });
      return {
        ...(await this.payment(id)),
        refund: {
          status: done.refund.status,
          amount_minor: done.refund.amountMinor,
          tokens_settled: done.outcome !== undefined,
        },
      };
    },

    /** Every model of the catalogue and whether it is on. */
    async models() {
      const switches = new Map(
        (await deps.repositories.modelSwitches.list()).map((row) => [row.model, row]),
      );
      return {
        items: listModels()
          .filter((model) => !model.pricingOnly)
          .map((model) => {
            const row = switches.get(model.id);
            return {
              id: model.id,
              name: model.name,
              type: model.type,
              enabled: row?.enabled ?? true,
              updated: row ? row.updated.toISOString() : null,
            };
          }),
      };
    },

    /** Switches a model off (gone from the studio, creates refused) or back on; audited. */
    async switchModel(operator: Operator, model: string, enabled: boolean, reason: string) {
      const known = listModels().some((item) => item.id === model && !item.pricingOnly);
      if (!known) throw notFound();
      const row = await deps.repositories.modelSwitches.find(model);
      const was = row?.enabled ?? true;
      if (was !== enabled) {
        await deps.repositories.transaction(['modelSwitches', 'admin'], async (tx) => {
          await tx.modelSwitches.set(model, enabled, operator.id);
          await audit(tx.admin, operator, {
            action: enabled ? 'model.on' : 'model.off',
            subjectType: 'model',
            subjectId: model,
            before: { enabled: was },
            after: { enabled },
            reason,
          });
        });
        deps.modelSwitches.forget();
      }
      return this.models();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
