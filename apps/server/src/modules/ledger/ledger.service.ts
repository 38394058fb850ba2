import {
  type createLedgerRepository,
  InsufficientTokensError,
  type LedgerResult,
} from './ledger.repository.ts';

export type { LedgerResult };
export { InsufficientTokensError };

type LedgerRepository = ReturnType<typeof createLedgerRepository>;

/** A reversal step's key: every entry of one step of one payment shares it (`s1`, `s2`…). */
function stepRef(step: number): string {
  if (!Number.isInteger(step) || step < 1) throw new Error(`a reversal step is 1 or more: ${step}`);
  return `s${step}`;
}

/**
 * The one module that moves tokens (issue #32): every balance change is one of these named
 * operations, each a ledger entry whose key makes a repeat a no-op (`applied: false`), written in
 * the caller's transaction — this object is bound to it (`repositories.transaction([... 'ledger'])`).
 * Nothing else calls the ledger's write (a lint rule, `.dependency-cruiser.mjs`). The one other
 * writer is the create statement, which debits generations in SQL (ADR 009).
 */
export function createLedgerService(ledger: LedgerRepository) {
  return {
    /** A failed or refused generation's tokens back, once per generation (an operator's: named). */
    refundGeneration(entry: {
      userId: string;
      generationId: string;
      tokens: number;
      operator?: { id: string; reason: string };
    }): Promise<LedgerResult> {
      return ledger.apply({
        userId: entry.userId,
        delta: entry.tokens,
        reason: 'generation_refund',
        generationId: entry.generationId,
        ...(entry.operator ? { actorId: entry.operator.id, note: entry.operator.reason } : {}),
      });
    },

    /** A character training's price, charged once when it is asked for (ADR 045). */
    chargeTraining(entry: { userId: string; trainingId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.userId,
        delta: -entry.tokens,
        reason: 'training_debit',
        trainingId: entry.trainingId,
      });
    },

    /** A failed or cancelled training's tokens back, once per training. */
    refundTraining(entry: { userId: string; trainingId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.userId,
        delta: entry.tokens,
        reason: 'training_refund',
        trainingId: entry.trainingId,
      });
    },

    /** A prompt improvement's price, charged once when it is asked for (ADR 050). */
    chargePromptImprovement(entry: { userId: string; improvementId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.userId,
        delta: -entry.tokens,
        reason: 'prompt_improvement_debit',
        promptImprovementId: entry.improvementId,
      });
    },

    /** A failed prompt improvement's tokens back, once per improvement. */
    refundPromptImprovement(entry: { userId: string; improvementId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.userId,
        delta: entry.tokens,
        reason: 'prompt_improvement_refund',
        promptImprovementId: entry.improvementId,
      });
    },

    /** A paid package's tokens, once per payment. */
    creditPayment(entry: { userId: string; paymentId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.userId,
        delta: entry.tokens,
        reason: 'payment_credit',
        paymentId: entry.paymentId,
      });
    },

    /** The referrer's share of a friend's purchase, once per payment. */
    payCommission(entry: { referrerId: string; paymentId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.referrerId,
        delta: entry.tokens,
        reason: 'referral_commission',
        paymentId: entry.paymentId,
      });
    },

    /**
     * One step of a payment's reversal moving (a refund or dispute taking money back, or a dispute
     * won or a refund failed giving it back): the payer's and the referrer's tokens taken back
     * (`tokens` < 0) or given back (`tokens` > 0), once per payment, step and side.
     */
    reversePayment(entry: {
      side: 'payer' | 'referrer';
      userId: string;
      paymentId: string;
      step: number;
      tokens: number;
    }) {
      const reasons =
        entry.side === 'payer'
          ? (['payment_reversal', 'payment_reinstatement'] as const)
          : (['commission_reversal', 'commission_reinstatement'] as const);
      return ledger.apply({
        userId: entry.userId,
        delta: entry.tokens,
        reason: entry.tokens < 0 ? reasons[0] : reasons[1],
        paymentId: entry.paymentId,
        ref: stepRef(entry.step),
      });
    },

    /** The welcome tokens of a new account, once per person. */
    grantWelcome(entry: { userId: string; tokens: number }) {
      return ledger.apply({ userId: entry.userId, delta: entry.tokens, reason: 'welcome' });
    },

    /** A referrer's bonus for a friend who signed up with their link, once per friend. */
    grantReferralBonus(entry: { referrerId: string; friendId: string; tokens: number }) {
      return ledger.apply({
        userId: entry.referrerId,
        delta: entry.tokens,
        reason: 'referral_bonus',
        referredUserId: entry.friendId,
      });
    },

    /** An operator's correction of a balance, naming them and why (each one is its own entry). */
    adjust(entry: { userId: string; delta: number; operatorId: string; reason: string }) {
      return ledger.apply({
        userId: entry.userId,
        delta: entry.delta,
        reason: 'adjustment',
        actorId: entry.operatorId,
        note: entry.reason,
      });
    },

    referralBonusesToday: ledger.referralBonusesToday,
    statementPage: ledger.statementPage,
    statementBefore: ledger.statementBefore,
    statement: ledger.statement,
  };
}

/** The ledger as a transaction binds it (`tx.ledger`): its named operations, nothing else. */
export type Ledger = ReturnType<typeof createLedgerService>;
