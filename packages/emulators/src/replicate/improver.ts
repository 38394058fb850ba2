/**
 * A deterministic stand-in for the language model Kadr's prompt improver runs (ADR 050): it keeps
 * the person's words and language and adds what a rewrite for the model's kind adds — the subject's
 * details, the setting, the light, the composition (a picture), motion and camera (a video), or an
 * instruction that keeps the rest (an editing model) — and the style's own words. The same request
 * always answers the same.
 */

/**
 * The first words of Kadr's improver instructions (`promptImprover.marker` of @kadr/catalog, which
 * this package does not import): a request carrying them is an improvement, not a translation.
 */
export const IMPROVER_MARK = 'Kadr prompt improver v1.';

type Kind = 'image' | 'edit' | 'video';
type Language = 'ru' | 'en';

/** The instructions of a request to a language model: its system prompt and its template. */
function instructionsOf(input: Record<string, unknown>): string {
  return ['system_prompt', 'prompt_template']
    .map((name) => input[name])
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
}

/** Whether a language model's input asks for a prompt improvement. */
export function isImproveRequest(input: Record<string, unknown>): boolean {
  return instructionsOf(input).includes(IMPROVER_MARK);
}

/** The value of a `Name: value` line of the instructions. */
function line(instructions: string, name: string): string | undefined {
  const found = new RegExp(`^${name}: (.+)$`, 'm').exec(instructions);
  return found?.[1]?.trim() || undefined;
}

/** The person's prompt: inside `<prompt>…</prompt>` when tagged, else the whole text. */
function personsPrompt(prompt: string): string {
  const tagged = /<prompt>([\s\S]*?)<\/prompt>/i.exec(prompt);
  return (tagged?.[1] ?? prompt).replace(/\s+/g, ' ').trim();
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowered = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** What each kind of model gets around the person's words (as they wrote them), per language. */
const rewrites: Record<Language, Record<Kind, (subject: string) => string>> = {
  ru: {
    image: (subject) =>
      `${capitalised(subject)} — главный герой кадра, детально прорисованный, с выразительными чертами и живой фактурой; вокруг — уютная обстановка, фон мягко размыт; мягкий естественный свет сбоку и тёплые тени; продуманная композиция, средний план на уровне глаз, малая глубина резкости.`,
    video: (subject) =>
      `${capitalised(subject)} — одним плавным планом около пяти секунд: герой естественно движется, детали и фактура живые; вокруг — выразительная обстановка; камера медленно наезжает и слегка облетает героя; мягкий свет с тёплыми бликами, спокойный ритм.`,
    edit: (subject) =>
      `Измени картинку: ${subject}. Сохрани главный объект, его форму и узнаваемые черты без изменений, впиши правку в свет и перспективу исходного кадра, сохрани чёткость и детали.`,
  },
  en: {
    image: (subject) =>
      `${capitalised(subject)} as the clear subject of the frame, finely detailed, with expressive features and rich texture; a cosy setting around it, the background softly blurred; soft natural side light and warm shadows; a considered composition, a medium shot at eye level with a shallow depth of field.`,
    video: (subject) =>
      `${capitalised(subject)} in one smooth continuous shot of about five seconds: the subject moves naturally, its details and texture alive; an expressive setting around it; the camera slowly dollies in and gently orbits the subject; soft light with warm highlights, a calm pace.`,
    edit: (subject) =>
      `Change the picture: ${subject}. Keep the main subject, its shape and its recognisable features unchanged, blend the change into the original light and perspective, and keep it sharp and detailed.`,
  },
};

/** The style's own words in the person's language, as the instructions give them. */
function styleWords(instructions: string, language: Language): string | undefined {
  const style = line(instructions, 'Style');
  const description = line(instructions, 'Style description');
  if (!style || !description) return undefined;
  const named = /\(in the person’s language: (.+)\)$/.exec(style)?.[1] ?? style;
  return language === 'ru'
    ? `Стиль «${named}»: ${sentence(lowered(description))}`
    : `${named} look: ${sentence(lowered(description))}`;
}

/**
 * The rewrite of the person's prompt the instructions ask for: their words first (so names, numbers
 * and #tags stay), then what the model's kind needs, then the style's words — in the language the
 * instructions name (else the prompt's own, by its letters).
 */
export function improvePrompt(prompt: string, input: Record<string, unknown>): string {
  const instructions = instructionsOf(input);
  const person = personsPrompt(prompt).replace(/[\s.,;:!]+$/u, '');
  const named = line(instructions, 'Language');
  const language: Language =
    named === 'Russian' ? 'ru' : named === 'English' ? 'en' : /[а-яё]/i.test(person) ? 'ru' : 'en';
  const kindLine = line(instructions, 'Kind');
  const kind: Kind = kindLine === 'video' || kindLine === 'edit' ? kindLine : 'image';
  const body = rewrites[language][kind](person || (language === 'ru' ? 'сцена' : 'a scene'));
  const style = styleWords(instructions, language);
  return style ? `${body} ${style}` : body;
}
