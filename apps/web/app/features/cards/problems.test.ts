import '~/locales/app';
import '~/locales/app-cards';
import { problemTypes } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { ClientError } from '~/features/generations/api';
import { ApiError } from '~/lib/api';
import { i18n } from '~/lib/i18n';
import { problemText } from './problems';

const failure = (status: number, type?: string, retryAfter?: number) =>
  new ClientError(
    'Card set creation failed',
    new ApiError({ status, title: 'English words', type }, retryAfter),
  );

describe('a failed call, said in the person’s language', () => {
  const t = i18n.getFixedT('ru', 'app');
  const tCommon = i18n.getFixedT('ru', 'common');

  it.each([
    [
      failure(402, problemTypes.insufficientTokens),
      'Недостаточно кредитов для этого шага. Пополните баланс.',
    ],
    [failure(409, problemTypes.modelOff), 'Этот инструмент сейчас выключен. Попробуйте позже.'],
    [failure(404), 'Набор не найден — возможно, он удалён.'],
    [failure(0), 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.'],
    [failure(400), 'Сервер не принял данные. Проверьте поля и попробуйте ещё раз.'],
    [failure(500), 'Что-то пошло не так. Попробуйте ещё раз.'],
    [new Error('boom'), 'Что-то пошло не так. Попробуйте ещё раз.'],
  ])('%s', (error, text) => {
    expect(problemText(error, t, tCommon)).toBe(text);
  });

  it('a limit says when to try again', () => {
    expect(problemText(failure(429, problemTypes.rateLimited, 5), t, tCommon)).toBe(
      'Слишком много запросов. Попробуйте через 5 секунд.',
    );
  });
});
