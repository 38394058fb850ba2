import type {
  Metadata,
  StripeCharge,
  StripeCheckoutSession,
  StripeDispute,
  StripePaymentIntent,
  StripeRefund,
} from './types.ts';
import { StripeApiError } from './validation.ts';

/** A session as kept, with what the page and its payment intent need. */
export type Stored = {
  session: StripeCheckoutSession;
  productName: string;
  paymentIntentMetadata: Metadata;
};

/** The first answer to an idempotency key, replayed for the same request. */
export type Saved = { fingerprint: string; status: number; body: unknown };

/** A copy of a kept object, for answers and events: what leaves the store never changes it. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Everything the emulator keeps, the look-ups across it, and `clear()` to empty it. */
export function createStore() {
  const sessions = new Map<string, Stored>();
  const intents = new Map<string, StripePaymentIntent>();
  const charges = new Map<string, StripeCharge>();
  const refunds = new Map<string, StripeRefund>();
  const disputes = new Map<string, StripeDispute>();
  const idempotency = new Map<string, Saved>();
  const failures: number[] = [];

  function intentOf(stored: Stored): StripePaymentIntent | undefined {
    const id = stored.session.payment_intent;
    return typeof id === 'string' ? intents.get(id) : undefined;
  }

  function chargeOf(stored: Stored): StripeCharge | undefined {
    const chargeId = intentOf(stored)?.latest_charge;
    return typeof chargeId === 'string' ? charges.get(chargeId) : undefined;
  }

  function sessionIdOfIntent(intentId: string): string | undefined {
    for (const stored of sessions.values()) {
      if (stored.session.payment_intent === intentId) return stored.session.id;
    }
    return undefined;
  }

  /** Replaces ids with their objects along `expand` paths (`payment_intent.latest_charge`). */
  function expand<T>(object: T, paths: string[]): T {
    const out = clone(object) as Record<string, unknown>;
    for (const path of paths) {
      let targets: Record<string, unknown>[] = [out];
      const segments = path.split('.');
      for (const [index, segment] of segments.entries()) {
        const next: Record<string, unknown>[] = [];
        for (const target of targets) {
          if (segment === 'data' && Array.isArray(target.data) && index < segments.length - 1) {
            next.push(...(target.data as Record<string, unknown>[]));
            continue;
          }
          const value = target[segment];
          if (value === null) continue;
          if (typeof value === 'string') {
            const found = lookup(value);
            if (!found) throw cannotExpand(path);
            target[segment] = clone(found);
            next.push(target[segment] as Record<string, unknown>);
          } else if (typeof value === 'object' && value !== null && 'id' in value) {
            next.push(value as Record<string, unknown>);
          } else {
            throw cannotExpand(path);
          }
        }
        targets = next;
      }
    }
    return out as T;
  }

  function cannotExpand(path: string): StripeApiError {
    return new StripeApiError(400, `This property cannot be expanded (${path}).`, {
      param: 'expand',
    });
  }

  function lookup(id: string): object | undefined {
    if (id.startsWith('pi_')) return intents.get(id);
    if (id.startsWith('ch_')) return charges.get(id);
    if (id.startsWith('cs_')) return sessions.get(id)?.session;
    if (id.startsWith('re_')) return refunds.get(id);
    if (id.startsWith('dp_')) return disputes.get(id);
    return undefined;
  }

  function clear(): void {
    sessions.clear();
    intents.clear();
    charges.clear();
    refunds.clear();
    disputes.clear();
    idempotency.clear();
    failures.length = 0;
  }

  return {
    sessions,
    intents,
    charges,
    refunds,
    disputes,
    idempotency,
    /** Statuses the next API calls answer with instead of doing anything (`failNext`). */
    failures,
    intentOf,
    chargeOf,
    sessionIdOfIntent,
    expand,
    clear,
  };
}

export type Store = ReturnType<typeof createStore>;
