import type { CardIssue, FieldError } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { ruGenitive } from '../../lib/schema-problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { generationProblem } from '../generations/index.ts';
import type { CardFieldError } from './card-errors.ts';
import type { CsvProblem } from './product-csv.ts';

type Text = Record<Locale, string>;

const toolNames: Record<string, Text> = {
  'remove-background': { ru: 'удаления фона', en: 'Remove background' },
  'replace-background': { ru: 'замены фона', en: 'Replace background' },
};

/** What one CSV problem says, naming its line. */
function csvText(problem: CsvProblem, locale: Locale): string {
  const line = problem.line;
  const at = (ru: string, en: string) =>
    locale === 'ru' ? `Строка ${line}: ${ru}` : `Line ${line}: ${en}`;
  switch (problem.code) {
    case 'unclosed_quote':
      return at('кавычка открыта, но не закрыта.', 'a quote is opened but never closed.');
    case 'missing_column':
      return at(
        `нет столбца «${problem.column}». Нужны столбцы name, bullets и photo.`,
        `there is no “${problem.column}” column. The columns name, bullets and photo are needed.`,
      );
    case 'no_rows':
      return locale === 'ru'
        ? 'В CSV нет ни одного товара: после строки заголовков нужна хотя бы одна строка.'
        : 'The CSV has no products: at least one row is needed after the header row.';
    case 'too_many_rows':
      return locale === 'ru'
        ? `Товаров в CSV: ${problem.count}, а за один раз можно не больше ${problem.limit}. Разделите файл.`
        : `The CSV has ${problem.count} products; at most ${problem.limit} at a time. Split the file.`;
    case 'name_missing':
      return at('нет названия товара.', 'the product has no name.');
    case 'name_too_long':
      return at(
        `название длиннее ${problem.limit} ${ruGenitive(problem.limit, 'символа', 'символов')}.`,
        `the name is longer than ${problem.limit} characters.`,
      );
    case 'too_many_bullets':
      return at(
        `пунктов ${problem.count}, а можно не больше ${problem.limit}.`,
        `${problem.count} bullets; at most ${problem.limit}.`,
      );
    case 'bullet_too_long':
      return at(
        `пункт длиннее ${problem.limit} ${ruGenitive(problem.limit, 'символа', 'символов')}.`,
        `a bullet is longer than ${problem.limit} characters.`,
      );
    case 'photo_missing':
      return at('не указано фото.', 'no photo is named.');
    case 'photo_unknown':
      return at(
        `фото «${problem.name}» не загружено: добавьте его вместе с CSV.`,
        `the photo “${problem.name}” was not uploaded: add it with the CSV.`,
      );
    case 'not_utf8':
      return at(
        'буквы не читаются — файл сохранён не в UTF-8. В Excel выберите «Файл → Сохранить как → CSV UTF-8 (разделитель — запятая)», в Google Таблицах — «Файл → Скачать → CSV», и загрузите файл снова.',
        'the letters cannot be read: the file was not saved as UTF-8. In Excel choose “File → Save As → CSV UTF-8 (Comma delimited)”, in Google Sheets “File → Download → CSV”, and upload it again.',
      );
    case 'bad_characters':
      return at(
        'в тексте есть невидимые служебные символы: уберите их.',
        'the text has invisible control characters: remove them.',
      );
    default:
      return unhandledOutcome(problem);
  }
}

/** What a field error says, in the person's language. */
function fieldText(error: CardFieldError, locale: Locale): string {
  const say = (text: Text) => text[locale];
  switch (error.code) {
    case 'unknown_preset':
      return say({ ru: 'такого маркетплейса нет', en: 'is not a marketplace Kadr knows' });
    case 'unknown_scene':
      return say({ ru: 'такого фона нет', en: 'is not a scene Kadr knows' });
    case 'too_many_slides':
      return say({
        ru: `для этого маркетплейса не больше ${error.limit} ${ruGenitive(error.limit, 'слайда', 'слайдов')}`,
        en: `at most ${error.limit} slides for this marketplace`,
      });
    case 'not_own_picture':
      return say({
        ru: 'должна быть ваша картинка в Кадре: загрузите её или выберите результат',
        en: 'must be a picture of yours in Kadr: upload it or pick a result',
      });
    case 'not_own_generation':
      return say({ ru: 'такой вашей генерации нет', en: 'is not a generation of yours' });
    case 'wrong_tool': {
      const tool = toolNames[error.tool] ?? { ru: error.tool, en: error.tool };
      return say({
        ru: `должен быть результат инструмента ${tool.ru}`,
        en: `must be a result of the ${tool.en} tool`,
      });
    }
    case 'too_many_photos':
      return say({
        ru: `не больше ${error.limit} фото за раз`,
        en: `at most ${error.limit} photos at a time`,
      });
    case 'csv':
      return csvText(error.problem, locale);
    case 'photo_refused':
      return say({
        ru: `Строка ${error.line}: это фото нельзя обработать (${error.reason}).`,
        en: `Line ${error.line}: this photo cannot be processed (${error.reason}).`,
      });
    default:
      return unhandledOutcome(error);
  }
}

/** A 400 listing every field at fault, each said in the person's language. */
export function fieldsProblem(errors: CardFieldError[], locale: Locale): HttpProblem {
  const listed: FieldError[] = errors.map((error) => ({
    field: error.field,
    code: error.code === 'csv' ? error.problem.code : error.code,
    message: fieldText(error, locale),
  }));
  // A CSV's problems read as sentences; other fields are named with what is wrong with them.
  const sentences = listed
    .slice(0, 3)
    .map((error, i) =>
      errors[i]?.code === 'csv' || errors[i]?.code === 'photo_refused'
        ? error.message
        : `${error.field}: ${error.message}.`,
    );
  const more = listed.length - sentences.length;
  const tail =
    more > 0 ? (locale === 'ru' ? ` И ещё замечаний: ${more}.` : ` And ${more} more.`) : '';
  return new HttpProblem(400, `${sentences.join(' ')}${tail}`, { errors: listed });
}

/** A set the person does not have (someone else's, deleted, or never made). */
export function setNotFound(locale: Locale): HttpProblem {
  return new HttpProblem(
    404,
    locale === 'ru' ? 'Набор карточек не найден.' : 'Card set not found.',
  );
}

/** A slide the set does not have. */
export function slideNotFound(locale: Locale): HttpProblem {
  return new HttpProblem(
    404,
    locale === 'ru' ? 'В наборе нет такого слайда.' : 'No such slide in this set.',
  );
}

/** A set whose preset or backdrop the catalogue no longer has. */
export function setGone(locale: Locale): HttpProblem {
  return new HttpProblem(
    409,
    locale === 'ru'
      ? 'Этого маркетплейса или фона больше нет в Кадре: выберите другой и сохраните набор.'
      : 'This marketplace or backdrop is no longer offered: choose another and save the set.',
  );
}

/** A text ending as a sentence does. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** "1 замечание", "2 замечания", "5 замечаний". */
function issueCount(n: number, locale: Locale): string {
  if (locale === 'en') return n === 1 ? '1 issue' : `${n} issues`;
  const form = new Intl.PluralRules('ru').select(n);
  return `${n} ${form === 'one' ? 'замечание' : form === 'few' ? 'замечания' : 'замечаний'}`;
}

/**
 * 422: the set breaks its preset or rules, so no zip is made. Each issue is a field error named as
 * the set's body names it (`slides.0.title`, `slides.1.bullets.2`; `slides.0` for a slide's layout
 * or file), its code the rule or file issue, its message what is wrong and what to change.
 */
export function issuesProblem(issues: CardIssue[], locale: Locale): HttpProblem {
  const errors: FieldError[] = issues.map((issue) => ({
    field:
      issue.slide === null
        ? (issue.field ?? 'slides')
        : `slides.${issue.slide}${issue.field ? `.${issue.field}` : ''}`,
    code: issue.code,
    message: `${sentence(issue.title)} ${issue.fix}`,
  }));
  const first = sentence(issues[0]?.title ?? '');
  const detail =
    locale === 'ru'
      ? `Набор не прошёл проверку: ${issueCount(issues.length, locale)}. Исправьте, чтобы скачать. ${first}`
      : `The set did not pass the check: ${issueCount(issues.length, locale)}. Fix them to download. ${first}`;
  return new HttpProblem(422, detail, { errors });
}

/** A refusal of the batch a CSV would start, in the person's language where it has one. */
export function csvBatchProblem(
  refusal:
    | { outcome: 'model_off'; modelName: string }
    | { outcome: 'insufficient_tokens'; total: number }
    | { outcome: 'key_reused' },
  locale: Locale,
): HttpProblem {
  switch (refusal.outcome) {
    case 'insufficient_tokens': {
      const problem = generationProblem(
        { outcome: 'insufficient_tokens', required: refusal.total },
        locale,
      );
      return locale === 'ru'
        ? new HttpProblem(402, `Не хватает токенов: нужно ${refusal.total}.`, {
            type: problem.type,
          })
        : problem;
    }
    case 'key_reused':
      return new HttpProblem(
        409,
        locale === 'ru'
          ? 'Этот Idempotency-Key уже использован для другого запроса.'
          : 'This Idempotency-Key was already used with a different request.',
      );
    case 'model_off':
      return generationProblem(refusal, locale);
    default:
      return unhandledOutcome(refusal);
  }
}
