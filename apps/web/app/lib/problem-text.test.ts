import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { i18n } from './i18n';
import { limitMessage } from './problem-text';

const tooMany = (limit: number) =>
  new ApiError(
    {
      status: 429,
      title: 'Too Many Requests',
      type: 'https://kadr.app/problems/too-many-running',
      limit,
    },
    10,
  );
const rateLimited = (seconds: number) =>
  new ApiError(
    { status: 429, title: 'Too Many Requests', type: 'https://kadr.app/problems/rate-limited' },
    seconds,
  );

describe('limit refusals in the person’s language', () => {
  it.each([
    [
      'ru',
      tooMany(8),
      'Уже идут 8 генераций; следующую можно запустить, когда одна из них закончится.',
    ],
    [
      'ru',
      tooMany(3),
      'Уже идут 3 генерации; следующую можно запустить, когда одна из них закончится.',
    ],
    ['ru', tooMany(1), 'Уже идёт 1 генерация; следующую можно запустить, когда она закончится.'],
    ['en', tooMany(8), '8 generations are running; the next can start when one finishes.'],
    ['ru', rateLimited(30), 'Слишком много запросов. Попробуйте через 30 секунд.'],
    ['ru', rateLimited(21), 'Слишком много запросов. Попробуйте через 21 секунду.'],
    ['ru', rateLimited(2), 'Слишком много запросов. Попробуйте через 2 секунды.'],
    ['en', rateLimited(1), 'Too many requests. Try again in 1 second.'],
    ['en', rateLimited(45), 'Too many requests. Try again in 45 seconds.'],
  ] as const)('%s: %s', async (language, error, text) => {
    const t = i18n.getFixedT(language, 'common');
    expect(limitMessage(error, t)).toBe(text);
  });

  it('leaves other errors to the caller, and finds a limit wrapped as a cause', () => {
    const t = i18n.getFixedT('en', 'common');
    expect(
      limitMessage(new ApiError({ status: 402, title: 'Payment Required' }), t),
    ).toBeUndefined();
    expect(limitMessage(new Error('x', { cause: rateLimited(5) }), t)).toBe(
      'Too many requests. Try again in 5 seconds.',
    );
  });
});
