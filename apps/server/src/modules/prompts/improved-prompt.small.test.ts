import { describe, expect, it } from 'vitest';
import { cleanImprovedPrompt } from './improved-prompt.ts';

const ru = 'кот на подоконнике';
const en = 'a cat on the windowsill';

function kept(answer: string, original = ru) {
  const cleaned = cleanImprovedPrompt(answer, original);
  if (!cleaned.ok) throw new Error(`refused as ${cleaned.reason}: ${answer}`);
  return cleaned.prompt;
}

describe('a language model’s answer as a prompt', () => {
  it.each([
    ['«Рыжий кот на подоконнике, мягкий свет»', 'Рыжий кот на подоконнике, мягкий свет'],
    ['"A ginger cat on a sunny windowsill"', 'A ginger cat on a sunny windowsill'],
    [
      'Here is the rewritten prompt:\n\nA ginger cat on a sunny windowsill',
      'A ginger cat on a sunny windowsill',
    ],
    [
      "Sure! Here's a detailed prompt: A ginger cat on a sunny windowsill",
      'A ginger cat on a sunny windowsill',
    ],
    ['Вот улучшенный промпт: Рыжий кот на подоконнике', 'Рыжий кот на подоконнике'],
    ['Improved prompt: **A ginger cat** on a windowsill', 'A ginger cat on a windowsill'],
    [
      'A ginger cat on a windowsill,\nsoft morning light,\nshallow depth of field.',
      'A ginger cat on a windowsill, soft morning light, shallow depth of field.',
    ],
    [
      'A ginger cat on a windowsill.\n\nNote: I added the light and the lens.',
      'A ginger cat on a windowsill.',
    ],
    ['- a ginger cat\n- a windowsill\n- soft light', 'a ginger cat a windowsill soft light'],
  ])('%j → %j', (answer, prompt) => {
    expect(kept(answer, /[а-я]/i.test(prompt) ? ru : en)).toBe(prompt);
  });

  it('keeps an opening that is part of the prompt', () => {
    expect(kept('Вот кот: рыжий, на подоконнике', ru)).toBe('Вот кот: рыжий, на подоконнике');
    expect(kept('This is a cat: ginger, on a windowsill', en)).toBe(
      'This is a cat: ginger, on a windowsill',
    );
  });

  it('keeps a quoted name inside the prompt and #tags', () => {
    expect(kept('Кот «Мурзик» на подоконнике #уют', ru)).toBe('Кот «Мурзик» на подоконнике #уют');
    expect(kept('"Murka" the cat and her "twin"', en)).toBe('"Murka" the cat and her "twin"');
  });

  it('cuts a long answer to the limit after a whole word', () => {
    const long = `${'слово '.repeat(500)}конец`;
    const prompt = kept(long);
    expect(prompt.length).toBeLessThanOrEqual(2000);
    expect(prompt.endsWith('слово')).toBe(true);
    expect(kept('один два три четыре', ru).length).toBe(19);
    const cleaned = cleanImprovedPrompt('кот, на, подоконнике, очень', ru, 13);
    expect(cleaned).toEqual({ ok: true, prompt: 'кот, на' });
  });

  it.each([
    ['', 'empty'],
    ['  "" ', 'empty'],
    ['Here is the prompt:', 'empty'],
    ['I’m sorry, but I can’t help with that.'.replace('’', "'"), 'refusal'],
    ['Извините, я не могу помочь с этим.', 'refusal'],
    ['A ginger cat on a sunny windowsill, soft light', 'language'],
  ] as const)('refuses %j as %s', (answer, reason) => {
    expect(cleanImprovedPrompt(answer, ru)).toEqual({ ok: false, reason });
  });

  it('takes a Russian rewrite that keeps English names and terms', () => {
    expect(kept('Кот на подоконнике, Kodak Portra 400, bokeh', ru)).toBe(
      'Кот на подоконнике, Kodak Portra 400, bokeh',
    );
  });
});
