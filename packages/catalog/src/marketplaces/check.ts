import type { Localized } from '../types.ts';
import { cardRules } from './rules.ts';
import type {
  CardRuleId,
  CardRuleSeverity,
  DrawnCode,
  MarketplacePreset,
  Source,
} from './types.ts';

/** One slide as the rules see it: the texts the seller typed, by field, and whether a logo is on. */
export type CheckedSlide = {
  fields: readonly { field: string; text: string }[];
  logo: boolean;
};

/**
 * A broken rule: where (slide from 0, and the field, or null for the layout), what matched, and
 * whether the preset's source refuses it or only warns.
 */
export type CardViolation = {
  slide: number;
  field: string | null;
  rule: CardRuleId;
  match: string | null;
  severity: CardRuleSeverity;
  source: Source;
};

/** Every rule of the preset that the set's slides break; the first slide is the main one. */
export function checkCardTexts(
  preset: MarketplacePreset,
  slides: readonly CheckedSlide[],
): CardViolation[] {
  const found: CardViolation[] = [];
  slides.forEach((slide, index) => {
    for (const { rule: id, on, severity, source } of preset.rules) {
      if (on === 'main' && index !== 0) continue;
      const rule = cardRules[id];
      if (rule.check.kind === 'picture') continue;
      if (rule.check.kind === 'logo') {
        if (slide.logo) {
          found.push({ slide: index, field: null, rule: id, match: null, severity, source });
        }
        continue;
      }
      for (const { field, text } of slide.fields) {
        for (const pattern of rule.check.patterns) {
          const match = pattern.exec(text);
          if (match) {
            const matched = match[0].trim();
            found.push({ slide: index, field, rule: id, match: matched, severity, source });
            break;
          }
        }
      }
    }
  });
  return found;
}

/**
 * Every rule of the preset that the codes decoded from each drawn slide break (slides in order,
 * the first the main one): one violation per code, on the slide's `picture`, matching the code's
 * format and text.
 */
export function checkCardCodes(
  preset: MarketplacePreset,
  slides: readonly (readonly DrawnCode[])[],
): CardViolation[] {
  const found: CardViolation[] = [];
  slides.forEach((codes, index) => {
    for (const { rule: id, on, severity, source } of preset.rules) {
      if (on === 'main' && index !== 0) continue;
      const { check } = cardRules[id];
      const kinds = check.kind === 'logo' ? undefined : check.codes;
      if (!kinds) continue;
      for (const code of codes) {
        if (!kinds.includes(code.kind)) continue;
        const text = code.text.length > 48 ? `${code.text.slice(0, 47)}…` : code.text;
        const match = `${code.format}: ${text}`;
        found.push({ slide: index, field: 'picture', rule: id, match, severity, source });
      }
    }
  });
  return found;
}

/** What a rendered card's file is, as read back from its bytes. */
export type CardFileFacts = {
  width: number;
  height: number;
  bytes: number;
  /** sharp's name for the format: jpeg, png, webp… */
  format: string;
  /** sharp's colour space: srgb, cmyk, b-w… */
  space: string;
};

export type CardFileIssueCode =
  | 'too_small'
  | 'too_large'
  | 'ratio'
  | 'bytes'
  | 'format'
  | 'colour_profile';

/** A way a card's file misses its preset, with what was asked and what the file is. */
export type CardFileIssue = { code: CardFileIssueCode; expected: string; actual: string };

/** What the marketplace asks of each file, checked on the file itself. */
export function checkCardFile(preset: MarketplacePreset, file: CardFileFacts): CardFileIssue[] {
  const issues: CardFileIssue[] = [];
  const size = `${file.width}×${file.height}`;
  if (file.width < preset.minWidth || file.height < preset.minHeight) {
    issues.push({
      code: 'too_small',
      expected: `${preset.minWidth}×${preset.minHeight}`,
      actual: size,
    });
  }
  if (Math.max(file.width, file.height) > preset.maxSide) {
    issues.push({ code: 'too_large', expected: String(preset.maxSide), actual: size });
  }
  // One pixel of rounding either way still reads as the ratio.
  if (Math.abs(file.width * preset.ratio.h - file.height * preset.ratio.w) > preset.ratio.h) {
    issues.push({ code: 'ratio', expected: `${preset.ratio.w}:${preset.ratio.h}`, actual: size });
  }
  if (file.bytes > preset.maxBytes) {
    issues.push({ code: 'bytes', expected: String(preset.maxBytes), actual: String(file.bytes) });
  }
  if (!(preset.formats as readonly string[]).includes(file.format)) {
    issues.push({ code: 'format', expected: preset.formats.join(', '), actual: file.format });
  }
  if (file.space !== preset.colourProfile) {
    issues.push({ code: 'colour_profile', expected: preset.colourProfile, actual: file.space });
  }
  return issues;
}

/** What each file issue says, with {expected} and {actual} filled in from the issue. */
export const cardFileIssueTexts: Readonly<Record<CardFileIssueCode, Localized>> = {
  too_small: {
    ru: 'Картинка меньше допустимого: нужно не меньше {expected} px, сейчас {actual}.',
    en: 'The picture is too small: at least {expected} px is needed, it is {actual}.',
  },
  too_large: {
    ru: 'Сторона картинки больше {expected} px: сейчас {actual}.',
    en: 'A side of the picture is over {expected} px: it is {actual}.',
  },
  ratio: {
    ru: 'Пропорции должны быть {expected}, сейчас {actual}.',
    en: 'The ratio must be {expected}; it is {actual}.',
  },
  bytes: {
    ru: 'Файл больше допустимого ({expected} байт): сейчас {actual}.',
    en: 'The file is over the limit ({expected} bytes): it is {actual}.',
  },
  format: {
    ru: 'Формат должен быть одним из: {expected}; сейчас {actual}.',
    en: 'The format must be one of {expected}; it is {actual}.',
  },
  colour_profile: {
    ru: 'Цветовой профиль должен быть {expected}, сейчас {actual}.',
    en: 'The colour profile must be {expected}; it is {actual}.',
  },
};

/**
 * What the drawing of a slide left out: a text with no room for even one line is not drawn at all
 * (`dropped`: the card would not say what the seller wrote, so it is not exported so), and one
 * shortened to fit ends in an ellipsis (`cut`: worth a look, the marketplace takes it).
 */
export type CardLayoutIssueCode = 'text_dropped' | 'text_cut';

export const cardLayoutIssueTexts: Readonly<
  Record<CardLayoutIssueCode, { title: Localized; fix: Localized }>
> = {
  text_dropped: {
    title: {
      ru: 'Текст не поместился на слайд и не нарисован',
      en: 'This text did not fit on the slide and is not drawn',
    },
    fix: {
      ru: 'Сократите его или уберите другой пункт — или перенесите его на другой слайд.',
      en: 'Shorten it or remove another point, or move it to another slide.',
    },
  },
  text_cut: {
    title: {
      ru: 'Текст не поместился целиком и обрезан многоточием',
      en: 'The text did not fit whole and is cut with an ellipsis',
    },
    fix: {
      ru: 'Сократите текст: на слайде видна только его часть.',
      en: 'Shorten the text: only part of it shows on the slide.',
    },
  },
};
