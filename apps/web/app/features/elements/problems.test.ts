import '~/locales/app';
import type { FieldError } from '@kadr/contract';
import { problemTypes } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { ClientError } from '~/features/generations/api';
import { ApiError } from '~/lib/api';
import { i18n } from '~/lib/i18n';
import { refusalOf } from './problems';

function refused(
  status: number,
  errors: FieldError[] = [],
  extra: { detail?: string; limit?: number; type?: string } = {},
  retryAfter?: number,
) {
  return new ClientError(
    'Element creation failed',
    new ApiError({ status, title: 'Refused', errors, ...extra }, retryAfter),
  );
}

const say = (failure: unknown, language: 'ru' | 'en') =>
  refusalOf(failure, i18n.getFixedT(language, 'app'), i18n.getFixedT(language, 'common'));

describe('a refusal of the library, said where it belongs', () => {
  it('a name taken (409 on the name): under the name, in either language', () => {
    const failure = refused(409, [{ field: 'name', code: 'taken', message: 'уже занято' }]);
    expect(say(failure, 'ru')).toEqual({
      field: 'name',
      message: 'Элемент с таким названием у вас уже есть: выберите другое.',
    });
    expect(say(failure, 'en')).toEqual({
      field: 'name',
      message: 'You already have an element with this name: choose another.',
    });
  });

  it('too many pictures: under the pictures, with the limit and its plural', () => {
    const failure = refused(400, [{ field: 'pictures', code: 'too_many', message: '…' }], {
      limit: 20,
    });
    expect(say(failure, 'ru')).toEqual({
      field: 'pictures',
      message: 'В элементе может быть не больше 20 картинок.',
    });
    expect(say(failure, 'en').message).toBe('An element holds at most 20 pictures.');
    // The schema's own refusal of a list too long says the same.
    const schema = refused(400, [{ field: 'pictures', code: 'too_big', message: 'не больше 20' }]);
    expect(say(schema, 'ru').message).toBe('В элементе может быть не больше 20 картинок.');
  });

  it('a picture that is not the person’s: under the pictures, naming which one', () => {
    const failure = refused(400, [{ field: 'pictures.1', code: 'not_own_picture', message: '…' }]);
    expect(say(failure, 'ru')).toEqual({
      field: 'pictures',
      picture: 1,
      message: 'Картинка 2: это должна быть ваша картинка в Кадре. Загрузите её ещё раз.',
    });
    const unreadable = refused(400, [{ field: 'pictures.0', code: 'unreadable', message: '…' }]);
    expect(say(unreadable, 'en')).toEqual({
      field: 'pictures',
      picture: 0,
      message: 'Picture 1 could not be read: upload it again.',
    });
  });

  it('the last picture (409 without a field): under the pictures', () => {
    expect(say(refused(409, [], { detail: 'Это последняя картинка…' }), 'ru')).toEqual({
      field: 'pictures',
      message:
        'Это последняя картинка: у элемента должна остаться хотя бы одна. Если он больше не нужен, удалите его.',
    });
  });

  it('a name or description the schema refuses: under that field, with its limit', () => {
    expect(say(refused(400, [{ field: 'name', code: 'too_big', message: '…' }]), 'ru')).toEqual({
      field: 'name',
      message: 'Название — не длиннее 60 символов.',
    });
    expect(say(refused(400, [{ field: 'name', code: 'too_small', message: '…' }]), 'en')).toEqual({
      field: 'name',
      message: 'Enter a name.',
    });
    expect(
      say(refused(400, [{ field: 'description', code: 'too_big', message: '…' }]), 'en'),
    ).toEqual({
      field: 'description',
      message: 'The description can be at most 300 characters long.',
    });
    expect(say(refused(400, [{ field: 'cover', code: 'unknown', message: '…' }]), 'ru')).toEqual({
      field: 'cover',
      message: 'Обложкой может быть только одна из картинок элемента.',
    });
  });

  it('the whole form: a lost connection, a limit with its wait, a gone element, anything else', () => {
    expect(say(refused(0), 'ru')).toEqual({
      field: 'form',
      message: 'Нет связи с Кадром. Проверьте интернет и попробуйте ещё раз.',
    });
    expect(say(refused(503, [], { type: problemTypes.unavailable }), 'en').field).toBe('form');
    expect(say(refused(429, [], {}, 30), 'ru')).toEqual({
      field: 'form',
      message: i18n.getFixedT('ru', 'common')('limits.rateLimited', { count: 30 }),
    });
    expect(say(refused(404), 'en').message).toBe(
      'This element is gone: perhaps it was deleted in another tab.',
    );
    // The server words what the screen has no text of in the person's language (?lang=).
    expect(say(refused(400, [], { detail: 'Неверный запрос.' }), 'ru')).toEqual({
      field: 'form',
      message: 'Неверный запрос.',
    });
    expect(say(new Error('boom'), 'en')).toEqual({
      field: 'form',
      message: 'Something went wrong. Please try again.',
    });
  });
});
