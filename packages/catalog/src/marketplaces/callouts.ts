/**
 * Where a sizes slide puts a callout by what it measures (issue #50): a height or depth along the
 * vertical dimension line beside the picture, a width, length or diameter along the horizontal
 * line under it, and anything else (weight, volume, material, power…) as a tile beside the
 * picture. Words are matched by their stems, in Russian and English, whatever their case; a label
 * Kadr does not know goes beside: a line is never guessed for an unknown word.
 */
import { after, before } from './word-edges.ts';

/** Where a callout goes on a sizes slide. */
export type CalloutPlace = 'vertical' | 'horizontal' | 'beside';

/**
 * The words of each place: `stems` match the start of a word («высот» is высота, высоты,
 * высотой), `words` only a whole word (abbreviations such as «выс.», and short words a stem
 * would take too much with). «ё» is matched as «е».
 *
 * Thickness (толщина стенки, ткани) and a wearer's height (рост 170–176) do not span the picture,
 * and a girth or circumference goes around the product, not across it: they sit beside too.
 */
export const calloutWords: Readonly<
  Record<CalloutPlace, { stems: readonly string[]; words: readonly string[] }>
> = {
  vertical: {
    stems: ['высот', 'глубин', 'height', 'depth'],
    words: ['выс', 'глуб', 'tall', 'ht'],
  },
  horizontal: {
    stems: ['ширин', 'длин', 'диаметр', 'width', 'length', 'diamet'],
    words: ['шир', 'дл', 'диам', 'dia', 'diam', 'len'],
  },
  beside: {
    stems: [
      'вес',
      'масс',
      'объем',
      'материал',
      'мощност',
      'емкост',
      'вместим',
      'состав',
      'толщин',
      'обхват',
      'окружност',
      'габарит',
      'грузоподъем',
      'нагрузк',
      'напряжен',
      'плотност',
      'цвет',
      'weight',
      'mass',
      'volume',
      'material',
      'power',
      'capacity',
      'composition',
      'thick',
      'girth',
      'circumferen',
      'dimension',
      'voltage',
      'density',
      'colour',
      'color',
    ],
    words: ['рост', 'роста', 'ростом'],
  },
};

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every place's words as one pattern, matching each mention (global). */
const patterns = Object.fromEntries(
  Object.entries(calloutWords).map(([place, { stems, words }]) => {
    const stem = stems.map((s) => `${before}${literal(s)}\\p{L}*`);
    const word = words.map((w) => `${before}${literal(w)}${after}`);
    return [place, new RegExp([...stem, ...word].join('|'), 'giu')];
  }),
) as Record<CalloutPlace, RegExp>;

/** A diameter's sign anywhere («Ø 30 см»), or a leading D or Д standing for it («D 30 см»). */
const diameter = /[Ø⌀]|^\s*[DД](?![\p{L}])/iu;

/**
 * Several measures in one callout: «В×Ш×Г», «ДхШхВ», «W x H x D», «Дл./Шир./Выс.», «30×20×10 см».
 * A line holds one measure, so such a callout sits beside.
 */
const combined = [
  /×|\p{L}\.?\s*\*\s*\p{L}/u,
  /^\s*\p{Lu}\p{Ll}{0,2}\.?(?:\s*[xх×*/]\s*\p{Lu}\p{Ll}{0,2}\.?)+\s*(?:[,(].*)?$/u,
  /\d\s*[xх×*]\s*\d/iu,
];

const normal = (text: string) => text.trim().replace(/ё/g, 'е').replace(/Ё/g, 'Е');

/** «и», «and», a slash or a comma between two words: the callout names two things. */
const joined = /[/,;&+]|(?<![\p{L}])(?:и|and)(?![\p{L}])/iu;

type Mention = { place: CalloutPlace; word: string; at: number };

/** Each known word of the text where it stands, a diameter's sign as a horizontal one. */
function mentionsOf(text: string): Mention[] {
  const found: Mention[] = [];
  for (const place of ['vertical', 'horizontal', 'beside'] as const) {
    for (const match of text.matchAll(patterns[place])) {
      found.push({ place, word: match[0].toLowerCase(), at: match.index });
    }
  }
  const sign = diameter.exec(text);
  if (sign) found.push({ place: 'horizontal', word: 'ø', at: sign.index });
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The word a label is about. A Russian label names it first («Высота упаковки», «Длина кабеля»,
 * «Вес на метр длины»); an English one last («Package height», «Power cord length»), unless
 * «of» or «for» follows it («Height of the box»).
 */
function head(text: string, found: readonly Mention[]): Mention | undefined {
  if (/\p{Script=Cyrillic}/u.test(text)) return found[0];
  const end = text.search(/\s(?:of|for)\s/i);
  const before = end === -1 ? found : found.filter((mention) => mention.at < end);
  return before.at(-1) ?? found.at(-1);
}

/**
 * Where a callout goes by its label (or, when the label is empty, by its value): `vertical` for a
 * height or depth, `horizontal` for a width, length or diameter, `beside` for anything else: a
 * weight, volume, material, several measures in one, or a word Kadr does not know.
 */
export function calloutPlacement(label: string, value = ''): CalloutPlace {
  const named = normal(label);
  const given = normal(value);
  const text = named || given;
  if (!text) return 'beside';
  if (combined.some((pattern) => pattern.test(text) || pattern.test(given))) return 'beside';
  const found = mentionsOf(text);
  if (found.length === 0) {
    // A label that names nothing known, over a diameter's value («Размер» — «Ø 30 см»).
    return named && /^[Ø⌀]/u.test(given) ? 'horizontal' : 'beside';
  }
  // «Высота ширина»: both lines named, neither is the callout's.
  if (new Set(found.map((m) => m.place).filter((place) => place !== 'beside')).size > 1) {
    return 'beside';
  }
  // «Длина и ширина», «Высота/глубина», «Длина и вес»: two things named in one callout.
  if (new Set(found.map((m) => m.word)).size > 1 && joined.test(text)) return 'beside';
  return head(text, found)?.place ?? 'beside';
}

/** A callout as a sizes slide places it: its texts, and where the seller put it (if they did). */
export type PlacedCallout = {
  label: string;
  value: string;
  placement?: CalloutPlace | 'auto' | undefined;
};

/**
 * Where each callout of a sizes slide goes (over a cut-out: over a covering picture all are tiles):
 * where the seller put it, else where its label says; one callout a line, the first of each, the
 * others beside. A callout with nothing typed is not shown, takes no line and is `beside`.
 */
export function calloutPlaces(callouts: readonly PlacedCallout[]): CalloutPlace[] {
  const taken = new Set<CalloutPlace>();
  return callouts.map(({ label, value, placement }) => {
    if (!label.trim() && !value.trim()) return 'beside';
    const wanted = placement && placement !== 'auto' ? placement : calloutPlacement(label, value);
    if (wanted === 'beside' || taken.has(wanted)) return 'beside';
    taken.add(wanted);
    return wanted;
  });
}
