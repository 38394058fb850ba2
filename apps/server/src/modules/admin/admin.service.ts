import { listModels } from '@kadr/catalog';
import type {
  AdminAccount,
  AdminApiKey,
  AdminGenerationDetail,
  AdminOverview,
  AdminPaymentDetail,
  AdminPaymentRefund,
  AdminPeriod,
  AdminPerson,
  AdminPersonDetail,
  ApiKey,
} from '@kadr/contract';
import { uuidPattern } from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import type { SessionService, SessionUser } from '../auth/index.ts';
import type { ModelSwitchRepository, ModelSwitchService } from '../catalog/index.ts';
import type { FileUrls } from '../files/index.ts';
import {
  type AnnouncingParts,
  announceGeneration,
  type FreeRetry,
  type GenerationService,
  type Generations,
} from '../generations/index.ts';
import { type ApiKeyRepository, type KeyService, revokeKeyIn, toApiKey } from '../keys/index.ts';
import { InsufficientTokensError, type Ledger } from '../ledger/index.ts';
import type { PaymentRefund, PaymentService } from '../payments/index.ts';
import type { ProviderHealth } from '../provider-health/index.ts';
import type { UserRepository } from '../users/index.ts';
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
  toProviderHealth,
  toReferral,
  toSession,
} from './admin.mapper.ts';
import type { AdminRepository, ListFilters, Role } from './admin.repository.ts';

/** Someone allowed into the console: their account and e-mail (named in the audit log). */
export interface Operator {
  id: string;
  email: string;
}

/** A person, generation, payment or model the console does not know (or a non-operator). */
type NotFound = { outcome: 'not_found' };

/** Why an operator's change is refused as things stand. */
export type AdminConflict =
  | 'self'
  | 'blocked'
  | 'not_blocked'
  | 'not_completed'
  | 'free'
  | 'refunded'
  | 'not_failed'
  | 'retried';

/** What a console read found. */
export type AdminRead<T> = { outcome: 'found'; value: T } | NotFound;

/** How a console change ended: its answer, or why not (`C`: the conflicts it can meet). */
export type AdminChange<T, C extends AdminConflict = never> =
  | { outcome: 'changed'; value: T }
  | NotFound
  | ([C] extends [never] ? never : { outcome: 'conflict'; reason: C });

/** The operator behind a request; not found for anyone else; or their console session ended. */
export type OperatorCheck = AdminRead<Operator> | { outcome: 'session_ended' };

/** How a balance adjustment ended. */
export type AdminAdjustment =
  | {
      outcome: 'adjusted';
      value: { user_id: string; delta: number; balance_before: number; balance_after: number };
    }
  | NotFound
  | { outcome: 'below_zero' };

/** How an operator's refund of a payment ended. */
export type OperatorRefund =
  | { outcome: 'refunded'; value: AdminPaymentRefund }
  | NotFound
  /** The payment service turned it down; nothing was refunded, nothing audited. */
  | { outcome: 'refund_refused'; refusal: Exclude<PaymentRefund, { outcome: 'refunded' }> };

/** The generation service would not start a free retry (the model is gone or switched off). */
export type RetryRefused = {
  outcome: 'retry_refused';
  refusal: Exclude<FreeRetry, { outcome: 'created' | 'retried_before' }>;
};

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
  repositories: {
    admin: AdminRepository;
    generations: Generations;
    modelSwitches: ModelSwitchRepository;
    users: UserRepository;
    transaction: Transaction<
      {
        admin: AdminRepository;
        ledger: Ledger;
        modelSwitches: ModelSwitchRepository;
        apiKeys: ApiKeyRepository;
      } & AnnouncingParts
    >;
  };
  sessions: Pick<SessionService, 'revokeAllFor' | 'revoke' | 'signedInAt'>;
  /** A person's API keys: listed and revoked here; forgotten on every node when they are blocked. */
  keys?: Pick<KeyService, 'ofPerson' | 'forgetOwner' | 'forget'> | undefined;
  adminSessionMs: number;
  generations: Pick<GenerationService, 'retryFree'>;
  modelSwitches: Pick<ModelSwitchService, 'forget'>;
  payments: Pick<PaymentService, 'refund'>;
  /** The model provider's health, at the top of the overview. */
  providerHealth: Pick<ProviderHealth, 'report'>;
  urls: FileUrls;
  /** The site's origin (webhook messages name outputs by absolute URLs). */
  publicUrl: string;
}) {
  const { admin } = deps.repositories;
  const notFound = { outcome: 'not_found' } as const;
  const conflict = <C extends AdminConflict>(reason: C) =>
    ({ outcome: 'conflict', reason }) as const;
  const changed = <T>(value: T) => ({ outcome: 'changed', value }) as const;
  const PAGE = 50;

  /** An operator's entry of the audit log, written by `log` (the transaction's, when in one). */
  const audit = (
    log: Pick<typeof admin, 'record'>,
    operator: Operator,
    entry: Omit<Parameters<typeof admin.record>[0], 'actorId' | 'actor'>,
  ) => log.record({ actorId: operator.id, actor: operator.email, ...entry });

  async function accountOf(userId: string): Promise<AdminAccount | undefined> {
    const user = uuidPattern.test(userId)
      ? await deps.repositories.users.findById(userId)
      : undefined;
    return user && toAccount(user);
  }

  async function paymentDetail(id: string): Promise<AdminPaymentDetail | undefined> {
    const row = await admin.payment(id);
    if (!row) return undefined;
    const [ledger, events] = await Promise.all([
      admin.entriesOf({ paymentId: id }),
      admin.audit({ subject: id, limit: 200 }),
    ]);
    return toPaymentDetail(row, ledger, events);
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
     * The operator behind a request, or not found for anyone else — the console is not
     * advertised. An operator's session older than `ADMIN_SESSION_HOURS` ends here.
     */
    async operator(
      user: SessionUser | undefined,
      token: string | undefined,
    ): Promise<OperatorCheck> {
      if (!user || !token) return notFound;
      const found = await admin.roleOf(user.id);
      if (found?.role !== 'admin') return notFound;
      const signedIn = await deps.sessions.signedInAt(token);
      if (!signedIn || Date.now() - signedIn.getTime() > deps.adminSessionMs) {
        await deps.sessions.revoke(token);
        return { outcome: 'session_ended' };
      }
      return { outcome: 'found', value: { id: user.id, email: found.email } };
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
    async adjust(
      operator: Operator,
      userId: string,
      change: { delta: number; reason: string },
    ): Promise<AdminAdjustment> {
      if (!(await accountOf(userId))) return notFound;
      try {
        const value = await deps.repositories.transaction(['ledger', 'admin'], async (tx) => {
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
        return { outcome: 'adjusted', value };
      } catch (error) {
        if (error instanceof InsufficientTokensError) return { outcome: 'below_zero' };
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

    /**
     * The model provider's health now; today (UTC), the last 7 and 30 days, and the last 30 days
     * one by one for the charts.
     */
    async overview(now = new Date()): Promise<AdminOverview> {
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
      return {
        provider: toProviderHealth(await deps.providerHealth.report()),
        today: await period(today),
        week: await period(daysAgo(7)),
        month: await period(daysAgo(30)),
        days: await admin.days(30),
      };
    },

    async person(userId: string): Promise<AdminRead<AdminPersonDetail>> {
      const person = await accountOf(userId);
      if (!person) return notFound;
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
        outcome: 'found',
        value: {
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
        },
      };
    },

    /** Ends every session of a person (they sign in again). */
    async endSessions(
      operator: Operator,
      userId: string,
      reason: string,
    ): Promise<AdminChange<{ ok: true }>> {
      if (!(await accountOf(userId))) return notFound;
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
      return changed({ ok: true as const });
    },

    /**
     * Blocks a person (their sessions end; they cannot sign in or create, and are told why) or
     * unblocks them.
     */
    async setBlocked(
      operator: Operator,
      userId: string,
      blocked: boolean,
      reason: string,
    ): Promise<AdminChange<AdminAccount, 'self' | 'blocked' | 'not_blocked'>> {
      const person = await accountOf(userId);
      if (!person) return notFound;
      if (blocked && userId === operator.id) return conflict('self');
      if ((person.blocked_at !== null) === blocked) {
        return conflict(blocked ? 'blocked' : 'not_blocked');
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
      // Their keys are read again on every node: refused while blocked, working once unblocked.
      await deps.keys?.forgetOwner(userId);
      const after = await accountOf(userId);
      return after ? changed(after) : notFound;
    },

    /** A person's API keys with their requests per day. */
    async personKeys(userId: string): Promise<AdminRead<AdminApiKey[]>> {
      if (!(await accountOf(userId))) return notFound;
      return { outcome: 'found', value: (await deps.keys?.ofPerson(userId)) ?? [] };
    },

    /**
     * Revokes someone's API key: in the console's audit log and the person's own audit (named by
     * the operator's e-mail), in one transaction. Revoking a revoked key changes and records nothing.
     */
    async revokeKey(operator: Operator, id: string, reason: string): Promise<AdminChange<ApiKey>> {
      if (!uuidPattern.test(id)) return notFound;
      const revoked = await deps.repositories.transaction(['admin', 'apiKeys'], async (tx) => {
        const key = await tx.apiKeys.findById(id);
        if (!key) return undefined;
        const locked = await tx.apiKeys.lockOwned(key.userId, id);
        if (!locked) return undefined;
        const hash = await revokeKeyIn(
          tx.apiKeys,
          locked,
          { name: operator.email, ip: null },
          reason,
        );
        if (hash !== undefined) {
          await audit(tx.admin, operator, {
            action: 'api_key.revoke',
            subjectType: 'api_key',
            subjectId: id,
            before: { revoked: false, name: locked.name, owner: locked.userId },
            after: { revoked: true },
            reason,
          });
        }
        return { row: await tx.apiKeys.findById(id), hash };
      });
      if (!revoked?.row) return notFound;
      if (revoked.hash !== undefined) deps.keys?.forget([revoked.hash]);
      return changed(toApiKey(revoked.row));
    },

    async generations(query: Omit<ListFilters, 'limit' | 'offset'> & { page: number }) {
      const rows = await admin.generations(listFilters(query));
      return {
        items: rows.slice(0, PAGE).map(toGeneration),
        page: query.page,
        has_more: rows.length > PAGE,
      };
    },

    async generation(id: string): Promise<AdminRead<AdminGenerationDetail>> {
      const row = await admin.generation(id);
      if (!row) return notFound;
      const [outputs, ledger] = await Promise.all([
        admin.outputs(id),
        admin.entriesOf({ generationId: id }),
      ]);
      return { outcome: 'found', value: toGenerationDetail(row, outputs, ledger, deps.urls) };
    },

    /**
     * Gives a completed generation's tokens back (the person reports the result as bad): once, as
     * its `generation_refund` ledger entry naming the operator — the ledger's one refund per
     * generation refuses a second (and writes nothing).
     */
    async refundGeneration(
      operator: Operator,
      id: string,
      reason: string,
    ): Promise<AdminChange<{ ok: true }, 'not_completed' | 'free' | 'refunded'>> {
      const row = uuidPattern.test(id)
        ? await deps.repositories.generations.findById(id)
        : undefined;
      if (!row) return notFound;
      if (row.status !== 'completed') return conflict('not_completed');
      if (row.cost <= 0) return conflict('free');
      const uses = ['ledger', 'admin', 'generations', 'webhookDeliveries', 'jobs'] as const;
      return deps.repositories.transaction(uses, async (tx) => {
        const moved = await tx.ledger.refundGeneration({
          userId: row.userId,
          generationId: row.id,
          tokens: row.cost,
          operator: { id: operator.id, reason },
        });
        if (!moved.applied) return conflict('refunded');
        await audit(tx.admin, operator, {
          action: 'generation.refund',
          subjectType: 'generation',
          subjectId: row.id,
          before: { tokens: moved.balance - row.cost, refunded: 0 },
          after: { tokens: moved.balance, refunded: row.cost },
          reason,
        });
        // A key's generation: its receivers hear of the refund (generation.refunded).
        await announceGeneration(tx, row.id, 'generation.refunded', {
          refunded: true,
          publicUrl: deps.publicUrl,
        });
        return changed({ ok: true as const });
      });
    },

    /** Starts a failed generation again for its person, at no charge, once. */
    async retryGeneration(
      operator: Operator,
      id: string,
      reason: string,
    ): Promise<AdminChange<{ ok: true; id: string }, 'not_failed' | 'retried'> | RetryRefused> {
      const row = uuidPattern.test(id)
        ? await deps.repositories.generations.findById(id)
        : undefined;
      if (!row) return notFound;
      if (row.status !== 'failed') return conflict('not_failed');
      const retry = await deps.generations.retryFree(row);
      if (retry.outcome === 'retried_before') return conflict('retried');
      if (retry.outcome !== 'created') return { outcome: 'retry_refused', refusal: retry };
      await audit(admin, operator, {
        action: 'generation.retry',
        subjectType: 'generation',
        subjectId: row.id,
        before: { status: row.status },
        after: { retry: retry.id, cost: 0 },
        reason,
      });
      return changed({ ok: true as const, id: retry.id });
    },

    async payments(query: Omit<ListFilters, 'limit' | 'offset'> & { page: number }) {
      const rows = await admin.payments(listFilters(query));
      return {
        items: rows.slice(0, PAGE).map(toPayment),
        page: query.page,
        has_more: rows.length > PAGE,
      };
    },

    async payment(id: string): Promise<AdminRead<AdminPaymentDetail>> {
      const detail = await paymentDetail(id);
      return detail ? { outcome: 'found', value: detail } : notFound;
    },

    /**
     * Refunds what is left of a paid payment through its provider; the provider's answer takes
     * the tokens back through the payments' own settlement (the ledger's payment_reversal).
     */
    async refundPayment(operator: Operator, id: string, reason: string): Promise<OperatorRefund> {
      const before = await admin.payment(id);
      if (!before) return notFound;
      const account = await deps.repositories.users.findById(String(before.user_id));
      // One idempotency key per operator refund of this payment: a double submit refunds once,
      // while a refund after an earlier one (or after one that failed) is a new request.
      const earlier = await admin.audit({ action: 'payment.refund', subject: id, limit: 200 });
      const done = await deps.payments.refund(id, {
        idempotencyKey: `admin-refund:${id}:${earlier.length}`,
        customerEmail: account?.email || undefined,
      });
      if (done.outcome !== 'refunded') return { outcome: 'refund_refused', refusal: done };
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
      const detail = await paymentDetail(id);
      if (!detail) return notFound;
      return {
        outcome: 'refunded',
        value: {
          ...detail,
          refund: {
            status: done.refund.status,
            amount_minor: done.refund.amountMinor,
            tokens_settled: done.settled !== undefined,
          },
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
    async switchModel(
      operator: Operator,
      model: string,
      enabled: boolean,
      reason: string,
    ): Promise<AdminChange<Awaited<ReturnType<typeof this.models>>>> {
      const known = listModels().some((item) => item.id === model && !item.pricingOnly);
      if (!known) return notFound;
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
      return changed(await this.models());
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
