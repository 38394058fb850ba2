import '~/locales/app';
import '~/locales/app-cards';
import { cardRules } from '@kadr/catalog';
import type { CardIssue } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { fieldElementId, fieldName, issueCount, issuePlace, issuesAt, issueText } from './issues';

const issue = (extra: Partial<CardIssue>): CardIssue => ({
  slide: 1,
  field: 'bullets.1',
  code: 'no-prices',
  severity: 'refuse',
  title: 'The server’s title',
  fix: 'The server’s fix',
  match: '990 ₽',
  source: null,
  ...extra,
});

describe('an issue where the seller meets it', () => {
  const ru = i18n.getFixedT('ru', 'app');
  const en = i18n.getFixedT('en', 'app');

  it.each([
    ['title', 'Заголовок', 'Title'],
    ['badge', 'Плашка', 'Badge'],
    ['bullets.0', 'Пункт 1', 'Point 1'],
    ['callouts.2.label', 'Строка 3: подпись', 'Line 3: label'],
    ['callouts.0.value', 'Строка 1: значение', 'Line 1: value'],
    [null, 'Макет слайда', 'Slide layout'],
  ])('names the field %s', (field, russian, english) => {
    expect(fieldName(field, ru)).toBe(russian);
    expect(fieldName(field, en)).toBe(english);
  });

  it('says its slide and field, or the whole set', () => {
    expect(issuePlace(issue({}), ru)).toBe('Слайд 2 · Пункт 2');
    expect(issuePlace(issue({ slide: null, field: null }), en)).toBe('The whole set');
  });

  it('words a rule from the catalogue in the person’s language, and a file issue as the server did', () => {
    expect(issueText(issue({}), 'ru')).toEqual({
      title: cardRules['no-prices'].title.ru,
      fix: cardRules['no-prices'].fix.ru,
    });
    expect(issueText(issue({ code: 'no-contacts' }), 'en').title).toBe(
      cardRules['no-contacts'].title.en,
    );
    expect(issueText(issue({ code: 'too_small' }), 'en')).toEqual({
      title: 'The server’s title',
      fix: 'The server’s fix',
    });
  });

  it('is found on its slide and field, and counted on its slide', () => {
    const issues = [issue({}), issue({ field: 'title' }), issue({ slide: 0, field: null })];
    expect(issuesAt(issues, 1, 'bullets.1')).toHaveLength(1);
    expect(issuesAt(issues, 1, 'bullets.0')).toHaveLength(0);
    expect(issuesAt(issues, 0, null)).toHaveLength(1);
    expect(issueCount(issues, 1)).toBe(2);
    expect(issueCount(issues, 4)).toBe(0);
    // A warning is not one to fix: the strip counts refusals.
    expect(issueCount([...issues, issue({ severity: 'warn' })], 1)).toBe(2);
  });

  it('leads to an element id the editor gives the field (the layout’s is the logo switch)', () => {
    expect(fieldElementId('s-1', 'callouts.0.label')).toBe('s-1-callouts-0-label');
    expect(fieldElementId('s-1', null)).toBe('s-1-layout');
  });
});
