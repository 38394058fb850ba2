import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPROVER_MARK, improvePrompt, isImproveRequest } from './improver.ts';
import { IMPROVER_MODEL_REF, TRANSLATOR_MODEL_REF } from './models.ts';
import { createReplicateEmulator } from './replicate-emulator.ts';

/** Instructions laid out as Kadr's improver lays them out (promptImproverInstructions). */
function instructions(facts: {
  kind: 'image' | 'edit' | 'video';
  language: 'Russian' | 'English';
  style?: { name: string; localName: string; description: string; keywords: string };
}): string {
  const lines = [
    IMPROVER_MARK,
    'You rewrite a person’s short prompt…',
    '',
    'Model: Seedream 3, a still picture made from a description.',
    `Kind: ${facts.kind}`,
    `Language: ${facts.language}`,
  ];
  if (facts.style) {
    lines.push(
      `Style: ${facts.style.name} (in the person’s language: ${facts.style.localName})`,
      `Style description: ${facts.style.description}`,
      `Style keywords: ${facts.style.keywords}`,
    );
  }
  lines.push('', 'Answer with the rewritten prompt only.');
  return (
    `<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n${lines.join('\n')}<|eot_id|>` +
    '<|start_header_id|>user<|end_header_id|>\n\n{prompt}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n'
  );
}

const filmRu = {
  name: 'Film photo',
  localName: 'Плёнка',
  description: 'Тёплые выцветшие цвета, зерно и засветка, как на плёночной фотографии.',
  keywords: 'analog 35mm film photo, Kodak Portra 400, warm faded colors, visible film grain',
};
const filmEn = {
  ...filmRu,
  localName: 'Film photo',
  description: 'Warm faded colours, grain and a light leak, as on analogue film.',
};

describe('the prompt improver’s stand-in', () => {
  it('rewrites a Russian prompt in Russian: the person’s words, details, light, composition and the style’s own words', () => {
    const input = {
      prompt: '<prompt>кот на подоконнике</prompt>',
      prompt_template: instructions({ kind: 'image', language: 'Russian', style: filmRu }),
    };
    const improved = improvePrompt(input.prompt, input);
    expect(improved.startsWith('Кот на подоконнике — ')).toBe(true);
    expect(improved).toMatch(/свет/);
    expect(improved).toMatch(/композиция/);
    expect(improved).toContain(
      'Стиль «Плёнка»: тёплые выцветшие цвета, зерно и засветка, как на плёночной фотографии.',
    );
    expect(improved.length).toBeGreaterThan(3 * 'кот на подоконнике'.length);
    expect(improved).not.toMatch(/[a-z]{3,}/i);
    // The same request answers the same.
    expect(improvePrompt(input.prompt, { ...input })).toBe(improved);
  });

  it('rewrites an English prompt in English, and keeps names, numbers and #tags', () => {
    const input = {
      prompt: '<prompt>a cat named Murka on the windowsill, 2 mugs #cosy</prompt>',
      prompt_template: instructions({ kind: 'image', language: 'English', style: filmEn }),
    };
    const improved = improvePrompt(input.prompt, input);
    expect(
      improved.startsWith('A cat named Murka on the windowsill, 2 mugs #cosy as the clear subject'),
    ).toBe(true);
    expect(improved).toContain('Film photo look: warm faded colours, grain and a light leak');
    expect(improved).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  it('gives a video motion and camera, an editing model an instruction, and no style without one', () => {
    const video = improvePrompt('<prompt>кот на подоконнике</prompt>', {
      prompt_template: instructions({ kind: 'video', language: 'Russian' }),
    });
    expect(video).toMatch(/камера медленно наезжает/);
    expect(video).not.toContain('Стиль');
    const edit = improvePrompt('<prompt>add a red scarf</prompt>', {
      prompt_template: instructions({ kind: 'edit', language: 'English' }),
    });
    expect(edit.startsWith('Change the picture: add a red scarf. Keep the main subject')).toBe(
      true,
    );
    // Different requests, different answers.
    expect(video).not.toBe(
      improvePrompt('<prompt>кот на подоконнике</prompt>', {
        prompt_template: instructions({ kind: 'image', language: 'Russian' }),
      }),
    );
  });

  it('tells an improvement from a translation by the mark in its instructions', () => {
    expect(
      isImproveRequest({ prompt_template: instructions({ kind: 'image', language: 'Russian' }) }),
    ).toBe(true);
    expect(isImproveRequest({ system_prompt: `${IMPROVER_MARK}\nKind: image` })).toBe(true);
    expect(isImproveRequest({ system_prompt: 'Translate the text inside <text></text>' })).toBe(
      false,
    );
    expect(isImproveRequest({ prompt: IMPROVER_MARK })).toBe(false);
  });
});

describe('the language models over HTTP', () => {
  let app: FastifyInstance;
  let storageDir = '';

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'replicate-improver-test-'));
    const emulator = createReplicateEmulator({
      latencyMs: 50,
      storageDir,
      publicBaseUrl: 'http://kadr.test/emulators/replicate',
    });
    app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulators/replicate' });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  /** A prediction of an official model asked and followed to its end, as the adapter does. */
  async function run(model: string, input: Record<string, unknown>) {
    const created = await app.inject({
      method: 'POST',
      url: `/emulators/replicate/v1/models/${model}/predictions`,
      headers: { authorization: 'Bearer r8_test' },
      payload: { input },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const deadline = Date.now() + 10_000;
    for (;;) {
      const prediction = (
        await app.inject({
          method: 'GET',
          url: `/emulators/replicate/v1/predictions/${id}`,
          headers: { authorization: 'Bearer r8_test' },
        })
      ).json() as { status: string; output: string[] | null; error: string | null };
      if (['succeeded', 'failed', 'canceled'].includes(prediction.status)) return prediction;
      if (Date.now() > deadline) throw new Error(`prediction ${id} still ${prediction.status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const improve = (prompt: string) => ({
    prompt: `<prompt>${prompt}</prompt>`,
    prompt_template: instructions({ kind: 'image', language: 'Russian', style: filmRu }),
    max_tokens: 700,
    temperature: 0.5,
    top_p: 0.9,
    presence_penalty: 0,
    frequency_penalty: 0,
  });

  it('answers an improvement as tokens, the same twice', async () => {
    const first = await run(IMPROVER_MODEL_REF, improve('кот на подоконнике'));
    const second = await run(IMPROVER_MODEL_REF, improve('кот на подоконнике'));
    expect(first.status).toBe('succeeded');
    expect(Array.isArray(first.output)).toBe(true);
    const text = (first.output ?? []).join('');
    expect(text).toBe(
      improvePrompt(improve('кот на подоконнике').prompt, improve('кот на подоконнике')),
    );
    expect((second.output ?? []).join('')).toBe(text);
  });

  it('fails an improvement whose prompt says #fail; a translation ignores it', async () => {
    const failed = await run(IMPROVER_MODEL_REF, improve('кот #fail'));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/#fail/);
    const translated = await run(TRANSLATOR_MODEL_REF, {
      prompt: '<text>кот на луне #fail</text>',
      system_prompt: 'Translate the text inside <text></text> into English.',
    });
    expect(translated.status).toBe('succeeded');
    expect((translated.output ?? []).join('')).toBe('cat on moon #fail');
  });

  it('still translates with either model when no improver mark is there', async () => {
    for (const model of [TRANSLATOR_MODEL_REF, IMPROVER_MODEL_REF]) {
      const done = await run(model, { prompt: '<text>красная лиса под снегом</text>' });
      expect(done.status).toBe('succeeded');
      expect((done.output ?? []).join('')).toBe('red fox under snow');
    }
    // And the 8B answers an improvement too, when it is asked for one.
    const small = await run(TRANSLATOR_MODEL_REF, improve('кот на подоконнике'));
    expect((small.output ?? []).join('')).toMatch(/^Кот на подоконнике — /);
  });
});
