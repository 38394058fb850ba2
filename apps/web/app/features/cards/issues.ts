import '~/locales/app-cards';
import { type CardRuleId, cardRules } from '@kadr/catalog';
import type { CardIssue, Language } from '@kadr/contract';
import type { TFunction } from 'i18next';

/**
 * The check's issues where the seller meets them (ADR 039): each on its slide and field, worded
 * in the person's language — a rule's from the catalogue, where the rules are kept as data.
 */

/** The fields of a slide an issue can name, as the editor and the check name them. */
export const slideFields = {
  title: 'title',
  badge: 'badge',
  /** What is drawn on the slide: a code found in its picture. */
  picture: 'picture',
  bullet: (index: number) => `bullets.${index}`,
  calloutLabel: (index: number) => `callouts.${index}.label`,
  calloutValue: (index: number) => `callouts.${index}.value`,
} as const;

/**
 * The element id of a slide's field in the editor (the check's links lead there); the layout's
 * (`null`) is the logo's switch, the one layout choice a rule looks at.
 */
export function fieldElementId(base: string, field: string | null): string {
  return `${base}-${(field ?? 'layout').replace(/[^a-z0-9]+/gi, '-')}`;
}

/** The issues of one field of one slide (`null`: its layout, such as a placed logo). */
export function issuesAt(
  issues: readonly CardIssue[],
  slide: number,
  field: string | null,
): CardIssue[] {
  return issues.filter((issue) => issue.slide === slide && issue.field === field);
}

/** How many issues to fix a slide has (refusals, on its fields and its layout; not warnings). */
export function issueCount(issues: readonly CardIssue[], slide: number): number {
  return issues.filter((issue) => issue.slide === slide && issue.severity === 'refuse').length;
}

/** The issues that keep the set from export, then those only worth a look, each in its order. */
export function bySeverity(issues: readonly CardIssue[]): {
  refusals: CardIssue[];
  warnings: CardIssue[];
} {
  return {
    refusals: issues.filter((issue) => issue.severity === 'refuse'),
    warnings: issues.filter((issue) => issue.severity === 'warn'),
  };
}

function isRule(code: string): code is CardRuleId {
  return Object.hasOwn(cardRules, code);
}

/** What the issue says is wrong and what to change, in `language`. */
export function issueText(issue: CardIssue, language: Language): { title: string; fix: string } {
  if (isRule(issue.code)) {
    const rule = cardRules[issue.code];
    return { title: rule.title[language], fix: rule.fix[language] };
  }
  return { title: issue.title, fix: issue.fix };
}

/** Where the issue is, as the seller reads it: "Slide 2 · Bullet 1", or the whole set. */
export function issuePlace(issue: CardIssue, t: TFunction<'app'>): string {
  if (issue.slide === null) return t('cards.check.wholeSet');
  const slide = t('cards.check.slide', { n: issue.slide + 1 });
  return `${slide} · ${fieldName(issue.field, t)}`;
}

/** A field's name in the check's list. */
export function fieldName(field: string | null, t: TFunction<'app'>): string {
  if (field === null) return t('cards.fields.layout');
  if (field === slideFields.picture) return t('cards.fields.picture');
  if (field === slideFields.title) return t('cards.fields.title');
  if (field === slideFields.badge) return t('cards.fields.badge');
  const bullet = /^bullets\.(\d+)(?:\.text)?$/.exec(field);
  if (bullet) return t('cards.fields.bullet', { n: Number(bullet[1]) + 1 });
  const callout = /^callouts\.(\d+)\.(label|value)$/.exec(field);
  if (callout) {
    const n = Number(callout[1]) + 1;
    return callout[2] === 'label'
      ? t('cards.fields.calloutLabel', { n })
      : t('cards.fields.calloutValue', { n });
  }
  return field;
}
