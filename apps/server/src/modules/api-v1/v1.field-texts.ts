import type { FieldError } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { ruGenitive } from '../../lib/schema-problem.ts';

/**
 * A v1 answer's field errors in the request's language (issue #51): the catalogue and the
 * services say their field errors in English (the web app says them again from the code), so a
 * Russian answer says each again here — by the English sentence's own shape where it carries the
 * particulars (the allowed values, the limit), else by its code. A message already in Russian
 * (a service that speaks the person's language) is kept.
 */
export function localizeFieldErrors(errors: readonly FieldError[], locale: Locale): FieldError[] {
  if (locale !== 'ru') return [...errors];
  return errors.map((error) =>
    cyrillic.test(error.message) ? error : { ...error, message: russian(error) },
  );
}

const cyrillic = /[а-яё]/i;

/** The English shapes that carry particulars, and what each says in Russian. */
const shapes: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [/must be one of (.+)$/, (m) => `допустимые значения: ${m[1]}`],
  [
    /at most (\d+) characters/,
    (m) => `не длиннее ${m[1]} ${ruGenitive(Number(m[1]), 'символа', 'символов')}`,
  ],
  [/must be between (\S+) and (\S+)/, (m) => `должно быть от ${m[1]} до ${m[2]}`],
  [/must be at least (\S+)/, (m) => `должно быть не меньше ${m[1]}`],
  [/must be at most (\d+) s\b/, (m) => `не дольше ${m[1]} с`],
  [/must be at most (\S+)/, (m) => `должно быть не больше ${m[1]}`],
  [/must be divisible by (\S+)/, (m) => `должно делиться на ${m[1]}`],
  [/is fixed at (.+)$/, (m) => `у этой модели всегда ${m[1]}`],
  [/at most (\d+)/, (m) => `не больше ${m[1]}`],
];

/** By code, when the sentence carries nothing more. */
const byCode: Record<string, string> = {
  required: 'обязательное поле',
  invalid_type: 'значение не того типа',
  too_long: 'слишком длинное значение',
  too_short: 'слишком короткое значение',
  too_big: 'слишком большое значение',
  too_small: 'не заполнено или слишком мало',
  too_large: 'слишком большое значение',
  too_many: 'слишком много',
  too_few: 'слишком мало',
  too_many_parameters: 'слишком много параметров',
  invalid_characters: 'содержит нулевой символ или испорченный Юникод',
  unknown_parameter: 'у этой модели нет такого параметра',
  unknown_model: 'такой модели нет',
  model_unavailable: 'эта модель не делает генераций',
  not_integer: 'должно быть целым числом',
  out_of_range: 'вне допустимого диапазона',
  invalid_step: 'не попадает в шаг значений',
  not_divisible: 'не делится как нужно',
  not_allowed: 'такого значения нет',
  invalid_option: 'такого варианта нет',
  invalid_value: 'такого варианта нет',
  invalid_format: 'неверный формат',
  empty_option: 'не может быть пустым',
  fixed: 'у этой модели не меняется',
  invalid_url: 'нужен адрес http или https',
  conflict: 'не сочетается с другими полями запроса',
  not_supported: 'эта модель такого не принимает',
  nothing_to_do: 'с такими значениями делать нечего',
  size_mismatch: 'размер не совпадает с исходной картинкой',
  not_uploaded: 'нужен файл, загруженный в Kadr (его адрес из /api/v1/uploads)',
  not_own_picture: 'это не ваша картинка в Kadr',
  unreadable: 'файл не читается',
  unknown_style: 'такого стиля нет (список: /api/v1/styles)',
  not_suited: 'этот стиль не подходит этой модели',
  cannot_extend: 'эта модель не продолжает ролики',
  not_trained: 'этот персонаж ещё не обучен',
  taken: 'уже занято',
  unrecognized_keys: 'лишние поля',
};

function russian(error: FieldError): string {
  for (const [shape, say] of shapes) {
    const match = error.message.match(shape);
    if (match) return say(match);
  }
  return byCode[error.code] ?? 'неверное значение';
}
