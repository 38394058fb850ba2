import { characterTraining } from '@kadr/catalog';
import { describe, expect, it } from 'vitest';
import { elapsedText, isTrainingRunning, trainBlocker } from './training';

describe('a character’s training, as the library shows it', () => {
  it('blocks on the pictures first, then on the balance', () => {
    const { min, max } = characterTraining.pictures;
    const price = characterTraining.price.tokens;
    expect(trainBlocker(min - 3, 0, characterTraining)).toEqual({ kind: 'too-few', missing: 3 });
    expect(trainBlocker(max + 1, price, characterTraining)).toEqual({ kind: 'too-many', extra: 1 });
    expect(trainBlocker(min, price - 1, characterTraining)).toEqual({
      kind: 'not-enough',
      required: price,
      balance: price - 1,
    });
    expect(trainBlocker(max, price, characterTraining)).toBeNull();
  });

  it('is under way while queued, starting or processing', () => {
    expect(isTrainingRunning(null)).toBe(false);
    for (const status of ['queued', 'starting', 'processing'] as const) {
      expect(isTrainingRunning({ ...done, status })).toBe(true);
    }
    for (const status of ['succeeded', 'failed', 'canceled'] as const) {
      expect(isTrainingRunning({ ...done, status })).toBe(false);
    }
  });

  it('says a running time as minutes and seconds', () => {
    expect(elapsedText(7_400)).toBe('0:07');
    expect(elapsedText(750_000)).toBe('12:30');
    expect(elapsedText(-5)).toBe('0:00');
  });
});

const done = {
  id: 't1',
  status: 'succeeded',
  cost: 150,
  refunded: false,
  pictures: 12,
  error: null,
  created: '2026-05-01T10:00:00.000Z',
  finished: '2026-05-01T10:12:00.000Z',
} as const;
