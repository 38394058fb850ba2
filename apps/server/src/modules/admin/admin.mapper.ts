import path from 'node:path';
import type {
  AdminAccount,
  AdminAuditEntry,
  AdminGeneration,
  AdminGenerationDetail,
  AdminLedgerEntry,
  AdminPayment,
  AdminPaymentDetail,
  AdminPersonDetail,
  AdminProviderHealth,
} from '@kadr/contract';
import type { FileUrls } from '../files/index.ts';
import type { ProviderHealthReport } from '../provider-health/index.ts';
import type { UserRow } from '../users/index.ts';
import type { AdminAuditRow } from './admin.repository.ts';

type Row = Record<string, unknown>;

/** A timestamp as ISO 8601, whether the driver gave a Date or PostgreSQL's text. */
export function iso(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  const parsed = new Date(
    String(value)
      .replace(' ', 'T')
      .replace(/([+-]\d\d)$/, '$1:00'),
  );
  return Number.isNaN(parsed.getTime()) ? String(value) : parsed.toISOString();
}
const text = (value: unknown): string => (value == null ? '' : String(value));
const textOrNull = (value: unknown): string | null => (value == null ? null : String(value));
const int = (value: unknown): number => Number(value ?? 0);

export function toAuditEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
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
  };
}

export function toAccount(user: UserRow): AdminAccount {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tokens: user.tokens,
    role: user.role,
    created: user.created.toISOString(),
    verified: user.verified,
    locale: user.locale,
    blocked_at: iso(user.blockedAt),
    blocked_reason: user.blockedReason,
  };
}

export function toLedgerEntry(row: Row): AdminLedgerEntry {
  return {
    id: text(row.id),
    created: text(iso(row.created)),
    reason: row.reason as AdminLedgerEntry['reason'],
    delta: int(row.delta),
    balance_after: int(row.balance_after),
    generation_id: textOrNull(row.generation_id),
    payment_id: textOrNull(row.payment_id),
    actor_id: textOrNull(row.actor_id),
    note: textOrNull(row.note),
  };
}

export function toGeneration(row: Row): AdminGeneration {
  return {
    id: text(row.id),
    created: text(iso(row.created)),
    user_id: text(row.user_id),
    user_email: text(row.user_email),
    type: row.type === 'video' ? 'video' : 'image',
    model: text(row.model),
    status: row.status as AdminGeneration['status'],
    cost: int(row.cost),
    refunded: int(row.refunded),
    error_code: textOrNull(row.error_code),
    prompt: text(row.prompt),
  };
}

/** One generation opened; its files as addresses signed for an hour (the owner check is ours). */
export function toGenerationDetail(
  row: Row,
  outputs: Row[],
  ledger: Row[],
  urls: FileUrls,
): AdminGenerationDetail {
  const jsondata = (row.jsondata ?? {}) as Record<string, unknown>;
  return {
    ...toGeneration(row),
    updated: text(iso(row.updated)),
    provider: text(row.provider),
    prediction_id: textOrNull(row.prediction_id),
    error: textOrNull(row.error),
    submitted_at: iso(row.submitted_at),
    completed_at: iso(row.completed_at),
    deadline: iso(row.deadline),
    jsondata,
    outputs: outputs.map((file) => {
      const signed = new URL(
        urls.signed(text(file.id), path.posix.basename(text(file.storage_key)), 3600),
      );
      return {
        id: text(file.id),
        kind: text(file.kind),
        mime: text(file.mime),
        url: `${signed.pathname}${signed.search}`,
      };
    }),
    ledger: ledger.map(toLedgerEntry),
    retry_of: typeof jsondata.retry_of === 'string' ? jsondata.retry_of : null,
  };
}

export function toPayment(row: Row): AdminPayment {
  return {
    id: text(row.id),
    created: text(iso(row.created)),
    user_id: text(row.user_id),
    user_email: text(row.user_email),
    provider: row.provider as AdminPayment['provider'],
    provider_payment_id: textOrNull(row.provider_payment_id),
    status: row.status as AdminPayment['status'],
    amount: text(row.amount),
    currency: row.currency as AdminPayment['currency'],
    tokens: int(row.tokens),
    reversed_tokens: int(row.reversed_tokens),
  };
}

export function toPaymentDetail(
  row: Row,
  ledger: Row[],
  events: AdminAuditRow[],
): AdminPaymentDetail {
  return {
    ...toPayment(row),
    updated: text(iso(row.updated)),
    package_id: text(row.package_id),
    cancel_reason: textOrNull(row.cancel_reason),
    succeeded_at: iso(row.succeeded_at),
    closed_at: iso(row.closed_at),
    reversed_minor: int(row.reversed_minor),
    amount_minor: int(row.amount_minor),
    shortfall_tokens: int(row.shortfall_tokens),
    referrer_id: textOrNull(row.referrer_id),
    commission_tokens: int(row.commission_tokens),
    ledger: ledger.map(toLedgerEntry),
    events: events.map(toAuditEntry),
  };
}

export function toIdentity(row: Row): AdminPersonDetail['identities'][number] {
  return {
    provider: text(row.provider),
    email: textOrNull(row.email),
    email_verified: row.email_verified === true,
    created: text(iso(row.created)),
  };
}

export function toReferral(row: Row): { id: string; email: string; name: string } {
  return { id: text(row.id), email: text(row.email), name: text(row.name) };
}

export function toSession(row: Row): AdminPersonDetail['sessions'][number] {
  return {
    created: text(iso(row.created)),
    last_seen: text(iso(row.last_seen)),
    expires_at: text(iso(row.expires_at)),
    user_agent: textOrNull(row.user_agent),
    ip: textOrNull(row.ip),
  };
}

/** The model provider's health as the overview shows it. */
export function toProviderHealth(report: ProviderHealthReport): AdminProviderHealth {
  return {
    provider: report.provider,
    status: report.status,
    last_ok: report.lastOk?.toISOString() ?? null,
    last_error: report.lastError?.toISOString() ?? null,
    error: report.error,
    failures: report.failures,
    paused_until: report.pausedUntil?.toISOString() ?? null,
    waiting: report.waiting,
    storing: report.storing,
  };
}
