import { describe, expect, it } from 'vitest';
import { generationProblem } from './generations.problems.ts';

// Small tests: the answer each refusal of the generation service gets over HTTP.

describe('generationProblem', () => {
  it('answers a create the tokens do not cover with 402 and the price', () => {
    const problem = generationProblem({ outcome: 'insufficient_tokens', required: 6 }, 'en');
    expect(problem).toMatchObject({
      status: 402,
      detail: 'Not enough tokens. Required: 6 tokens',
      type: 'https://kadr.app/problems/insufficient-tokens',
    });
  });

  it('answers the running cap with 429, its limit and Retry-After', () => {
    const problem = generationProblem({ outcome: 'too_many_running', limit: 4 }, 'en');
    expect(problem).toMatchObject({
      status: 429,
      detail: '4 generations are running; the next can start when one finishes.',
      type: 'https://kadr.app/problems/too-many-running',
      headers: { 'retry-after': '10' },
      limit: 4,
    });
    expect(problem.toJSON()).toMatchObject({ limit: 4 });
  });

  it('names a switched-off model in the language asked for, with 409 model-off', () => {
    const refusal = { outcome: 'model_off', modelName: 'Qwen Image' } as const;
    expect(generationProblem(refusal, 'ru')).toMatchObject({
      status: 409,
      detail: 'Модель Qwen Image временно недоступна. Выберите другую модель.',
      type: 'https://kadr.app/problems/model-off',
    });
    expect(generationProblem(refusal, 'en').detail).toBe(
      'Qwen Image is unavailable for now. Please choose another model.',
    );
  });

  it('answers an invalid body with 400 naming the fields', () => {
    const errors = [{ field: 'prompt', code: 'required', message: 'is required' }];
    expect(generationProblem({ outcome: 'invalid', errors }, 'en')).toMatchObject({
      status: 400,
      detail: 'Invalid request: prompt',
      errors,
    });
  });

  it.each([
    [
      { outcome: 'key_reused' },
      409,
      'This Idempotency-Key was already used with a different request.',
    ],
    [
      { outcome: 'key_in_progress' },
      409,
      'A request with this Idempotency-Key is still being processed.',
    ],
    [
      { outcome: 'model_gone', modelId: 'old-model' },
      409,
      'old-model is no longer in the catalogue.',
    ],
    [{ outcome: 'not_found' }, 404, 'Generation not found.'],
    [{ outcome: 'running' }, 409, 'This generation is still running; cancel it first.'],
    [{ outcome: 'finished' }, 409, 'This generation has already finished.'],
  ] as const)('answers %o with %i', (refusal, status, detail) => {
    expect(generationProblem(refusal, 'en')).toMatchObject({
      status,
      detail,
      type: 'about:blank',
    });
  });
});
