import { describe, expect, it } from 'vitest';
import { extractSourceText, toTokens, translateRuToEn, transliterate } from './translator.ts';

describe('translateRuToEn', () => {
  it.each([
    ['кот на луне', 'cat on moon'],
    ['Котёнок в лесу', 'Kitten in forest'],
    ['красная лиса под снегом, стиль аниме', 'red fox under snow, style anime'],
    ['девушка с драконом #fail', 'girl with dragon #fail'],
    ['cyberpunk город ночью', 'cyberpunk city night'],
    ['Чебурашка', 'Cheburashka'],
  ])('%s → %s', (russian, english) => {
    expect(translateRuToEn(russian)).toBe(english);
  });

  it('leaves English untouched', () => {
    expect(translateRuToEn('A cat on the moon, 4k')).toBe('A cat on the moon, 4k');
  });
});

describe('transliterate', () => {
  it('keeps capitals and maps multi-letter sounds', () => {
    expect(transliterate('Щука и Ёж')).toBe('Shchuka i Yozh');
  });
});

describe('extractSourceText', () => {
  it.each([
    ['Translate to English:\n<text>кот на луне</text>', 'кот на луне'],
    [
      'Translate the user prompt to English. Reply with the translation only.\n\nкот на луне',
      'кот на луне',
    ],
    ['Translate to English.\nA cat', 'A cat'],
  ])('%j → %j', (prompt, source) => {
    expect(extractSourceText(prompt)).toBe(source);
  });
});

describe('toTokens', () => {
  it('splits like an LLM stream and joins back losslessly', () => {
    const tokens = toTokens('cat on moon');
    expect(tokens).toEqual(['cat', ' on', ' moon']);
    expect(tokens.join('')).toBe('cat on moon');
  });
});
