import { randomInt } from 'node:crypto';

export type PageLocale = 'en' | 'ru';

export interface Person {
  name: string;
  email: string;
}

// [shown name, Latin spelling for the address]; Russian surnames take -a for women.
type Spelling = readonly [string, string];

const ruWomen: readonly Spelling[] = [
  ['Анна', 'anna'],
  ['Мария', 'maria'],
  ['Екатерина', 'ekaterina'],
  ['Ольга', 'olga'],
  ['Дарья', 'darya'],
  ['Наталья', 'natalya'],
  ['Ксения', 'ksenia'],
  ['Алина', 'alina'],
] as const;
const ruMen: readonly Spelling[] = [
  ['Алексей', 'alexey'],
  ['Дмитрий', 'dmitry'],
  ['Иван', 'ivan'],
  ['Сергей', 'sergey'],
  ['Михаил', 'mikhail'],
  ['Никита', 'nikita'],
  ['Павел', 'pavel'],
  ['Артём', 'artem'],
] as const;
const ruSurnames: readonly Spelling[] = [
  ['Смирнов', 'smirnov'],
  ['Кузнецов', 'kuznetsov'],
  ['Попов', 'popov'],
  ['Соколов', 'sokolov'],
  ['Лебедев', 'lebedev'],
  ['Новиков', 'novikov'],
  ['Морозов', 'morozov'],
  ['Волков', 'volkov'],
  ['Зайцев', 'zaitsev'],
  ['Павлов', 'pavlov'],
] as const;
const enFirst = [
  'Olivia',
  'Emma',
  'Amelia',
  'Sophia',
  'Grace',
  'Liam',
  'Noah',
  'Oliver',
  'James',
  'Lucas',
  'Ethan',
  'Mia',
] as const;
const enLast = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Taylor',
  'Walker',
  'Carter',
  'Hughes',
  'Bennett',
  'Foster',
] as const;

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Someone plausible to prefill the sign-in form with; addresses use the reserved example.com. */
export function randomPerson(locale: PageLocale): Person {
  const suffix = randomInt(10, 100);
  if (locale === 'ru') {
    const woman = randomInt(2) === 0;
    const [first, firstLatin] = pick(woman ? ruWomen : ruMen);
    const [last, lastLatin] = pick(ruSurnames);
    return {
      name: `${first} ${woman ? `${last}а` : last}`,
      email: `${firstLatin}.${woman ? `${lastLatin}a` : lastLatin}${suffix}@example.com`,
    };
  }
  const first = pick(enFirst);
  const last = pick(enLast);
  return {
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}${suffix}@example.com`,
  };
}

/** Given and family name, split the way providers report them. */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  const first = parts[0] ?? '';
  return { first, last: parts.slice(1).join(' ') };
}

export function initials(name: string): string {
  const { first, last } = splitName(name);
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}
