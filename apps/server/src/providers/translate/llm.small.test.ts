import { describe, expect, it } from 'vitest';
import type { ModelProvider, Prediction } from '../replicate/replicate.adapter.ts';
import { LlmFailedError, LlmTimeoutError, runLlm } from './llm.ts';
import { createLlmTranslator } from './translator.ts';

/** A provider whose prediction goes through `statuses`, one per look, ending with `last`. */
function scripted(statuses: Prediction['status'][], last: Partial<Prediction>) {
  const asked: { ref: unknown; input: Record<string, unknown> }[] = [];
  let looks = 0;
  const at = (index: number): Prediction => {
    const status = statuses[index] ?? 'succeeded';
    return {
      id: 'p1',
      status,
      output: null,
      error: null,
      ...(index >= statuses.length - 1 ? last : {}),
    };
  };
  const provider: Pick<ModelProvider, 'create' | 'get'> = {
    async create(request) {
      asked.push({ ref: request.ref, input: request.input });
      return at(0);
    },
    async get() {
      looks += 1;
      return at(Math.min(looks, statuses.length - 1));
    },
  };
  return { provider, asked, looks: () => looks };
}

const options = { task: 'test', timeoutMs: 1000, pollMs: 1 };

describe('one answer of a language model', () => {
  it('creates the prediction by model name, polls it to its end and joins its tokens', async () => {
    const { provider, asked, looks } = scripted(['starting', 'processing', 'succeeded'], {
      output: [' Кот', ' на', ' луне '],
    });
    const text = await runLlm(provider, { model: 'meta/x', input: { prompt: 'p' } }, options);
    expect(text).toBe('Кот на луне');
    expect(asked).toEqual([{ ref: { model: 'meta/x' }, input: { prompt: 'p' } }]);
    expect(looks()).toBe(2);
  });

  it('names its task in each failure', async () => {
    const failed = scripted(['starting', 'failed'], { error: 'CUDA out of memory' });
    await expect(runLlm(failed.provider, { model: 'm', input: {} }, options)).rejects.toEqual(
      new LlmFailedError('test failed: CUDA out of memory'),
    );
    const empty = scripted(['succeeded'], { output: ['  '] });
    await expect(runLlm(empty.provider, { model: 'm', input: {} }, options)).rejects.toThrow(
      'test came back empty',
    );
    const gone = {
      create: async () => ({ id: 'p1', status: 'starting' as const, output: null, error: null }),
      get: async () => undefined,
    };
    await expect(runLlm(gone, { model: 'm', input: {} }, options)).rejects.toThrow(
      'test prediction disappeared',
    );
  });

  it('gives up after its time, naming the prediction still running', async () => {
    let clock = 0;
    const { provider } = scripted(['starting', 'processing', 'processing', 'processing'], {
      status: 'processing',
    });
    const error = await runLlm(
      provider,
      { model: 'm', input: {} },
      { ...options, timeoutMs: 30_000, now: () => (clock += 10_000) },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect(error).toMatchObject({ message: 'test timed out', predictionId: 'p1' });
  });
});

describe('the translator on it, as before', () => {
  it('asks the translate model with its system prompt and answers the translation', async () => {
    const { provider, asked } = scripted(['starting', 'succeeded'], {
      output: 'a cat on the moon',
    });
    const translator = createLlmTranslator({
      provider: provider as ModelProvider,
      model: 'meta/meta-llama-3-8b-instruct',
      pollMs: 1,
    });
    expect(await translator.toEnglish('кот на луне')).toBe('a cat on the moon');
    expect(asked).toEqual([
      {
        ref: { model: 'meta/meta-llama-3-8b-instruct' },
        input: {
          prompt: '<text>кот на луне</text>',
          system_prompt: expect.stringContaining('Translate the text inside <text></text>'),
          max_tokens: 512,
          temperature: 0,
        },
      },
    ]);
    // English needs no call.
    expect(await translator.toEnglish('a cat')).toBe('a cat');
    expect(asked).toHaveLength(1);
  });

  it('throws as before when the prediction fails', async () => {
    const { provider } = scripted(['starting', 'failed'], { error: 'boom' });
    const translator = createLlmTranslator({
      provider: provider as ModelProvider,
      model: 'm',
      pollMs: 1,
    });
    await expect(translator.toEnglish('кот')).rejects.toThrow('translation failed: boom');
  });
});
