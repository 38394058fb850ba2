import { createHash, randomUUID } from 'node:crypto';
import {
  getModel,
  getStyle,
  type ModelDefinition,
  promptImprovementInput,
  promptImprovementTokens,
  promptImprover,
  promptUse,
  type StyleDefinition,
  styleSuits,
} from '@kadr/catalog';
import type { ImprovePromptBody, PromptImprovement } from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import { type ModelProvider, ProviderError } from '../../providers/replicate/replicate.adapter.ts';
import { LlmFailedError, LlmTimeoutError, runLlm } from '../../providers/translate/llm.ts';
import type { SessionUser } from '../auth/index.ts';
import type { IdempotencyKeyRepository } from '../generations/index.ts';
import { InsufficientTokensError, type Ledger } from '../ledger/index.ts';
import type { ProviderHealth } from '../provider-health/index.ts';
import type { UserRepository } from '../users/index.ts';
import { cleanImprovedPrompt } from './improved-prompt.ts';
import type {
  PromptImprovementRepository,
  PromptImprovementRow,
} from './prompt-improvement.repository.ts';

type Parts = {
  promptImprovements: PromptImprovementRepository;
  ledger: Pick<Ledger, 'chargePromptImprovement' | 'refundPromptImprovement'>;
  idempotencyKeys: Pick<IdempotencyKeyRepository, 'claim' | 'find'>;
};

/** Why an improvement that was charged failed, and so was refunded. */
export type ImprovementFailure =
  /** The language model failed, refused, or answered nothing usable. */
  | 'model_failed'
  /** The model provider did not answer in time, refused for now (5xx, 429) or was unreachable. */
  | 'unavailable';

/** How asking for an improvement ended. */
export type ImprovementOutcome =
  | { outcome: 'improved'; improvement: PromptImprovement }
  /** The same Idempotency-Key and body again: the first answer, not charged again. */
  | { outcome: 'replayed'; improvement: PromptImprovement }
  /** Refused before any charge. */
  | { outcome: 'invalid_characters' }
  | { outcome: 'unknown_model'; model: string }
  | { outcome: 'unknown_style'; style: string }
  | { outcome: 'style_unsuited'; style: StyleDefinition; model: ModelDefinition }
  | { outcome: 'insufficient_tokens'; required: number; balance: number }
  | { outcome: 'key_reused' }
  | { outcome: 'key_in_progress' }
  /** The provider paused every call after a 429: nothing was charged. */
  | { outcome: 'paused'; retryAfterSeconds: number }
  /** Charged, then refunded: the model failed (502) or was away (503). */
  | { outcome: 'failed'; reason: ImprovementFailure; retryAfterSeconds: number };

export interface PromptImprovementLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** An improvement still running this long after its ask belongs to a node that is gone. */
const STALE_AFTER_MS = 2 * 60_000;
/** How many stale improvements one reconcile settles (it runs every minute). */
const STALE_BATCH = 100;

/** Text PostgreSQL cannot store: U+0000 or a lone surrogate. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The prompt improver (issue #49, point 2; ADR 050). Checks the request, charges the catalogue's
 * price in the transaction that records the improvement (with its Idempotency-Key), asks the
 * language model through the model provider, and either records the rewrite or, when the model
 * fails, is away or takes too long, fails the improvement and refunds it in one transaction. The
 * ledger's entries are keyed by the improvement, so a refund happens at most once; an improvement
 * left running by a node that died is failed and refunded by `reconcile`.
 */
export function createPromptImprovementService(deps: {
  repositories: {
    users: Pick<UserRepository, 'findById'>;
    promptImprovements: Pick<PromptImprovementRepository, 'findOwned' | 'releaseKeyOf'>;
    idempotencyKeys: Pick<IdempotencyKeyRepository, 'find'>;
    transaction: Transaction<Parts>;
  };
  provider: Pick<ModelProvider, 'create' | 'get' | 'cancel'>;
  providerHealth: Pick<ProviderHealth, 'pausedUntil' | 'rateLimited'>;
  /** The language model's `owner/name` (`IMPROVE_MODEL`). */
  model: string;
  timeoutMs?: number;
  pollMs?: number;
  logger: PromptImprovementLogger;
  now?: () => number;
}) {
  const { users, promptImprovements, idempotencyKeys, transaction } = deps.repositories;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? promptImprover.timeoutMs;
  const pollMs = deps.pollMs ?? 250;
  const price = promptImprovementTokens;

  /** What makes two requests "the same" for an Idempotency-Key: the endpoint and the body. */
  const requestHash = (body: { prompt: string; model: string; style: string | null }) =>
    createHash('sha256')
      .update(`prompt-improve\n${JSON.stringify(body)}`)
      .digest('hex');

  async function balanceOf(userId: string): Promise<number> {
    return (await users.findById(userId))?.tokens ?? 0;
  }

  function toRecord(row: PromptImprovementRow, balance: number): PromptImprovement {
    return {
      id: row.id,
      prompt: row.prompt,
      improved: row.improved ?? '',
      model: row.model,
      style: row.style,
      cost: row.cost,
      balance,
    };
  }

  /**
   * What a request whose key was claimed before gets: the first answer again (same body, done),
   * a wait (same body, still running), a refusal (another body), or — the first one failed and
   * was refunded — nothing: the key is given back, and the request is a new attempt.
   */
  async function earlier(
    user: SessionUser,
    key: string,
    hash: string,
  ): Promise<ImprovementOutcome | 'retry'> {
    const claim = await idempotencyKeys.find(user.id, key);
    if (!claim) return 'retry';
    const id = (claim.response as { id?: unknown } | null)?.id;
    if (claim.requestHash !== hash || typeof id !== 'string') return { outcome: 'key_reused' };
    const row = await promptImprovements.findOwned(user.id, id);
    if (!row) return { outcome: 'key_reused' };
    if (row.status === 'running') return { outcome: 'key_in_progress' };
    if (row.status === 'succeeded') {
      return { outcome: 'replayed', improvement: toRecord(row, await balanceOf(user.id)) };
    }
    await promptImprovements.releaseKeyOf(user.id, key, row.id);
    return 'retry';
  }

  /** Fails a running improvement and refunds it, in one transaction; false if it had ended. */
  async function failAndRefund(row: Pick<PromptImprovementRow, 'id'>, error: string) {
    return transaction(['promptImprovements', 'ledger'], async (tx) => {
      const failed = await tx.promptImprovements.fail(row.id, error);
      if (failed) {
        await tx.ledger.refundPromptImprovement({
          userId: failed.userId,
          improvementId: failed.id,
          tokens: failed.cost,
        });
      }
      return failed !== undefined;
    });
  }

  /** A failure of the language model's call, as the person is told of it, and for the operator. */
  async function failureOf(
    error: unknown,
  ): Promise<{ reason: ImprovementFailure; detail: string; retryAfterSeconds: number }> {
    if (error instanceof LlmTimeoutError) {
      // Nobody will read its answer: stop paying for it (a failure to stop it changes nothing).
      await deps.provider.cancel(error.predictionId).catch(() => undefined);
      return { reason: 'unavailable', detail: error.message, retryAfterSeconds: 5 };
    }
    if (error instanceof ProviderError && !error.permanent) {
      let retryAfterSeconds = 5;
      if (error.status === 429) {
        // Every node's submissions wait as long as the provider asked (issue #38); a pause that
        // cannot be recorded still leaves this refund to be made.
        const until = await deps.providerHealth
          .rateLimited(error.retryAfterMs)
          .catch(() => undefined);
        if (until) retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now()) / 1000));
      }
      return {
        reason: 'unavailable',
        detail: `${error.summary}: ${error.message}`,
        retryAfterSeconds,
      };
    }
    const detail =
      error instanceof LlmFailedError || error instanceof ProviderError
        ? error.message
        : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
    return { reason: 'model_failed', detail, retryAfterSeconds: 0 };
  }

  return {
    /**
     * Rewrites the person's prompt for the model and style: charged now, refunded at once if the
     * language model fails or takes longer than the timeout. A repeated Idempotency-Key with the
     * same body answers the first improvement again, charging nothing.
     */
    async improve(
      user: SessionUser,
      body: ImprovePromptBody,
      key: string | undefined,
    ): Promise<ImprovementOutcome> {
      const prompt = body.prompt.trim();
      if (UNSTORABLE.test(prompt)) return { outcome: 'invalid_characters' };
      const model = getModel(body.model);
      if (!model || model.tool || model.pricingOnly || promptUse(model) === 'none') {
        return { outcome: 'unknown_model', model: body.model };
      }
      const styleId = body.style?.trim() || null;
      const style = styleId === null ? undefined : getStyle(styleId);
      if (styleId !== null && !style) return { outcome: 'unknown_style', style: styleId };
      if (style && !styleSuits(style, model.id)) return { outcome: 'style_unsuited', style, model };

      const hash = requestHash({ prompt, model: model.id, style: style?.id ?? null });
      if (key !== undefined) {
        const before = await earlier(user, key, hash);
        if (before !== 'retry') return before;
      }
      const balance = await balanceOf(user.id);
      if (balance < price) return { outcome: 'insufficient_tokens', required: price, balance };
      const paused = await deps.providerHealth.pausedUntil();
      if (paused) {
        const retryAfterSeconds = Math.max(1, Math.ceil((paused.getTime() - now()) / 1000));
        return { outcome: 'paused', retryAfterSeconds };
      }

      const id = randomUUID();
      let row: PromptImprovementRow | 'taken';
      try {
        row = await transaction(
          ['promptImprovements', 'ledger', 'idempotencyKeys'],
          async (tx): Promise<PromptImprovementRow | 'taken'> => {
            if (
              key !== undefined &&
              !(await tx.idempotencyKeys.claim(user.id, key, hash, { id }))
            ) {
              return 'taken';
            }
            const created = await tx.promptImprovements.create({
              id,
              userId: user.id,
              model: model.id,
              style: style?.id ?? null,
              prompt,
              cost: price,
            });
            await tx.ledger.chargePromptImprovement({
              userId: user.id,
              improvementId: id,
              tokens: price,
            });
            return created;
          },
        );
      } catch (error) {
        if (error instanceof InsufficientTokensError) {
          return {
            outcome: 'insufficient_tokens',
            required: price,
            balance: await balanceOf(user.id),
          };
        }
        throw error;
      }
      if (row === 'taken') {
        // Another request with this key committed meanwhile: answer as it does.
        const raced = key === undefined ? 'retry' : await earlier(user, key, hash);
        return raced === 'retry' ? { outcome: 'key_in_progress' } : raced;
      }
      deps.logger.info(
        { improvement: id, step: 'asked', model: model.id, style: style?.id ?? null, cost: price },
        'prompt improvement asked',
      );

      let improved: string;
      try {
        const answer = await runLlm(
          deps.provider,
          { model: deps.model, input: promptImprovementInput({ prompt, model, style }) },
          { task: 'prompt improvement', timeoutMs, pollMs, now },
        );
        const cleaned = cleanImprovedPrompt(answer, prompt);
        if (!cleaned.ok) throw new LlmFailedError(`prompt improvement unusable: ${cleaned.reason}`);
        improved = cleaned.prompt;
      } catch (error) {
        const failure = await failureOf(error);
        await failAndRefund(row, failure.detail);
        deps.logger.warn(
          { improvement: id, step: 'failed', reason: failure.reason, error: failure.detail },
          'prompt improvement failed; refunded',
        );
        return {
          outcome: 'failed',
          reason: failure.reason,
          retryAfterSeconds: failure.retryAfterSeconds,
        };
      }

      const succeeded = await transaction(['promptImprovements'], (tx) =>
        tx.promptImprovements.succeed(id, improved),
      );
      if (!succeeded) {
        // The reconcile took it for a dead node's and refunded it: the person is told it failed.
        return { outcome: 'failed', reason: 'model_failed', retryAfterSeconds: 0 };
      }
      deps.logger.info({ improvement: id, step: 'succeeded' }, 'prompt improvement succeeded');
      return { outcome: 'improved', improvement: toRecord(succeeded, await balanceOf(user.id)) };
    },

    /**
     * Job `reconcile_prompt_improvements`, every minute: improvements still running two minutes
     * after their ask (the node that waited for them died) are failed and refunded, each once —
     * the conditional update takes a row only while it runs, and the refund is keyed by it.
     */
    async reconcile(): Promise<number> {
      const refunded = await transaction(['promptImprovements', 'ledger'], async (tx) => {
        const stale = await tx.promptImprovements.failStale(
          new Date(now() - STALE_AFTER_MS),
          'no answer recorded: the node that asked is gone',
          STALE_BATCH,
        );
        for (const row of stale) {
          await tx.ledger.refundPromptImprovement({
            userId: row.userId,
            improvementId: row.id,
            tokens: row.cost,
          });
        }
        return stale.map((row) => row.id);
      });
      if (refunded.length > 0) {
        deps.logger.warn(
          { improvements: refunded, step: 'reconciled' },
          'stale prompt improvements failed; refunded',
        );
      }
      return refunded.length;
    },
  };
}

export type PromptImprovementService = ReturnType<typeof createPromptImprovementService>;
