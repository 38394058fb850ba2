import { promptImprovementTokens } from '@kadr/catalog';
import { improvePromptBodySchema, problemSchema, promptImprovementSchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { requestLocale } from '../../lib/locale.ts';
import { checked } from '../../lib/schema-problem.ts';
import { requireUser } from '../auth/index.ts';
import type { PromptImprovementService } from './prompt-improvement.service.ts';
import { promptImprovementProblem } from './prompts.problems.ts';

export interface PromptRoutesOptions {
  improvements: PromptImprovementService;
}

/** The prompt improver (issue #49, ADR 050): the signed-in person's own, charged per answer. */
export const promptRoutes: FastifyPluginAsyncZod<PromptRoutesOptions> = async (app, options) => {
  const { improvements } = options;

  app.post(
    '/api/prompts/improve',
    {
      attachValidation: true,
      schema: {
        tags: ['prompts'],
        description:
          'Rewrite a short prompt (Russian or English) into a detailed one for the model and, ' +
          'optionally, a style that suits it, in the prompt’s own language. Charges ' +
          `${promptImprovementTokens} token when asked and refunds it if the language model fails ` +
          '(502) or is away (503). Nothing is generated: the answer is the prompt before and ' +
          'after. Honours Idempotency-Key: a repeat answers the same, charged once; a key whose ' +
          'improvement failed may be used again.',
        body: improvePromptBodySchema,
        response: {
          200: promptImprovementSchema,
          400: problemSchema,
          402: problemSchema,
          409: problemSchema,
          429: problemSchema,
          502: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checked(request);
      const key = idempotencyKeyOf(request.headers);
      const outcome = await improvements.improve(user, request.body, key);
      if (outcome.outcome === 'improved' || outcome.outcome === 'replayed') {
        return outcome.improvement;
      }
      throw promptImprovementProblem(outcome, requestLocale(request));
    },
  );
};
