import type { Emitted } from './events.ts';
import { randomId, unixNow } from './ids.ts';
import { clone, type Store } from './store.ts';
import type { StripeCharge, StripeDispute } from './types.ts';

/**
 * Disputes and inquiries on a paid charge: opening one, the merchant's response, an inquiry turning
 * formal, and the issuer's decision, with the balance adjustments each makes. Each step answers the
 * events it makes; the caller sends them.
 */
export function createDisputes(store: Store, paidCharge: (sessionId: string) => StripeCharge) {
  const { disputes, sessionIdOfIntent } = store;

  function findDispute(disputeId: string): StripeDispute {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`Stripe emulator: no dispute ${disputeId}`);
    return dispute;
  }

  function disputeEvent(
    type: string,
    dispute: StripeDispute,
    previous?: Record<string, unknown>,
  ): Emitted {
    const subject = sessionIdOfIntent(dispute.payment_intent) ?? dispute.charge;
    return { type, subject, object: clone(dispute), ...(previous ? { previous } : {}) };
  }

  /** The balance adjustment of a dispute: withdrawn when it opens, reinstated when it is won. */
  function adjustBalance(dispute: StripeDispute, direction: 'withdrawn' | 'reinstated'): void {
    const withdrawn = direction === 'withdrawn';
    dispute.balance_transactions.push({
      id: randomId('txn_', 24),
      object: 'balance_transaction',
      amount: withdrawn ? -dispute.amount : dispute.amount,
      created: unixNow(),
      currency: dispute.currency,
      description: `${withdrawn ? 'Chargeback withdrawal' : 'Chargeback reversal'} for ${dispute.charge}`,
      reporting_category: withdrawn ? 'dispute' : 'dispute_reversal',
      type: 'adjustment',
    });
  }

  function openDispute(
    sessionId: string,
    options: { amountMinor?: number; inquiry?: boolean; reason?: string },
  ): { dispute: StripeDispute; events: Emitted[] } {
    const charge = paidCharge(sessionId);
    const inquiry = options.inquiry ?? false;
    const amount = options.amountMinor ?? charge.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > charge.amount) {
      throw new Error(`Stripe emulator: a dispute of ${amount} on a charge of ${charge.amount}`);
    }
    const created = unixNow();
    const dispute: StripeDispute = {
      id: randomId('dp_', 24),
      object: 'dispute',
      amount,
      balance_transactions: [],
      charge: charge.id,
      created,
      currency: charge.currency,
      evidence_details: {
        due_by: created + 7 * 24 * 3600,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      // An inquiry can still be settled by refunding; a formal dispute has taken the money.
      is_charge_refundable: inquiry,
      livemode: false,
      metadata: {},
      payment_intent: String(charge.payment_intent),
      reason: options.reason ?? (inquiry ? 'unrecognized' : 'fraudulent'),
      status: inquiry ? 'warning_needs_response' : 'needs_response',
    };
    disputes.set(dispute.id, dispute);
    charge.disputed = true;
    const events = [disputeEvent('charge.dispute.created', dispute)];
    if (!inquiry) {
      adjustBalance(dispute, 'withdrawn');
      events.push(disputeEvent('charge.dispute.funds_withdrawn', dispute));
    }
    return { dispute, events };
  }

  function respond(dispute: StripeDispute): Emitted[] {
    const previous = { status: dispute.status };
    if (dispute.status === 'warning_needs_response') dispute.status = 'warning_under_review';
    else if (dispute.status === 'needs_response') dispute.status = 'under_review';
    else {
      throw new Error(
        `Stripe emulator: dispute ${dispute.id} is ${dispute.status}, not awaiting a response`,
      );
    }
    dispute.evidence_details.has_evidence = true;
    dispute.evidence_details.submission_count += 1;
    return [disputeEvent('charge.dispute.updated', dispute, previous)];
  }

  function escalate(dispute: StripeDispute): Emitted[] {
    if (dispute.status !== 'warning_needs_response' && dispute.status !== 'warning_under_review') {
      throw new Error(
        `Stripe emulator: dispute ${dispute.id} is ${dispute.status}, not an open inquiry`,
      );
    }
    const previous = { status: dispute.status, is_charge_refundable: true };
    dispute.status = 'needs_response';
    dispute.is_charge_refundable = false;
    dispute.evidence_details.has_evidence = false;
    adjustBalance(dispute, 'withdrawn');
    return [
      disputeEvent('charge.dispute.updated', dispute, previous),
      disputeEvent('charge.dispute.funds_withdrawn', dispute),
    ];
  }

  function close(dispute: StripeDispute, outcome: 'won' | 'lost'): Emitted[] {
    const previous = { status: dispute.status };
    switch (dispute.status) {
      case 'warning_needs_response':
      case 'warning_under_review':
        dispute.status = 'warning_closed';
        return [disputeEvent('charge.dispute.closed', dispute, previous)];
      case 'needs_response':
      case 'under_review': {
        dispute.status = outcome;
        const events = [disputeEvent('charge.dispute.closed', dispute, previous)];
        if (outcome === 'won') {
          adjustBalance(dispute, 'reinstated');
          events.push(disputeEvent('charge.dispute.funds_reinstated', dispute));
        }
        return events;
      }
      default:
        throw new Error(`Stripe emulator: dispute ${dispute.id} is already ${dispute.status}`);
    }
  }

  return { findDispute, openDispute, respond, escalate, close };
}
