import type { CardRule, CardRuleId, Source } from './types.ts';

// Word edges for Cyrillic and Latin alike: JavaScript's \b knows only ASCII letters.
const before = '(?<![\\p{L}\\p{N}])';
const after = '(?![\\p{L}\\p{N}])';
const word = (body: string) => new RegExp(`${before}(?:${body})${after}`, 'iu');
const stem = (body: string) => new RegExp(`${before}(?:${body})`, 'iu');

/**
 * What Kadr checks the typed text and the layout against. Patterns look for the thing, not a
 * word list of everything: a price is a number with a currency, a phone is ten or more digits.
 */
export const cardRules: Readonly<Record<CardRuleId, CardRule>> = {
  'no-prices': {
    id: 'no-prices',
    title: { ru: 'Цены на картинке запрещены', en: 'No prices on the picture' },
    fix: {
      ru: 'Уберите цену: маркетплейс показывает её сам, рядом с карточкой.',
      en: 'Remove the price: the marketplace shows it itself, next to the card.',
    },
    check: {
      kind: 'text',
      patterns: [
        /\d[\d\s.,]*\s?(?:₽|руб(?:\.|лей|ля|ль)?|р\.|rub|usd|eur|\$|€)/iu,
        /(?:₽|\$|€)\s?\d/u,
        word('цена|цены|ценой|стоимость|price|прайс'),
      ],
    },
  },
  'no-contacts': {
    id: 'no-contacts',
    title: {
      ru: 'Контакты на картинке запрещены',
      en: 'No contact details on the picture',
    },
    fix: {
      ru: 'Уберите телефон, почту и мессенджеры: покупатель пишет продавцу через маркетплейс.',
      en: 'Remove phone numbers, e-mail and messengers: buyers reach sellers through the marketplace.',
    },
    check: {
      kind: 'text',
      patterns: [
        // A phone number: ten or more digits, however they are spaced or bracketed.
        /(?<!\d)\+?\d(?:[\s().-]*\d){9,}(?!\d)/u,
        /[\p{L}\d._%+-]+@[\p{L}\d-]+\.[\p{L}]{2,}/u,
        /(?<![\p{L}\d])@[a-z0-9_]{4,}/iu,
        stem('telegram|телеграм|whats ?app|ватсап|вотсап|viber|вайбер|звоните|позвоните|пишите в'),
      ],
    },
  },
  'no-links': {
    id: 'no-links',
    title: { ru: 'Ссылки на картинке запрещены', en: 'No links on the picture' },
    fix: {
      ru: 'Уберите адрес сайта или ссылку.',
      en: 'Remove the web address or link.',
    },
    check: {
      kind: 'text',
      patterns: [
        /https?:\/\//iu,
        /(?<![\p{L}\d])www\./iu,
        /(?<![\p{L}\d@.])[\p{L}\d-]{2,}\.(?:ru|com|рф|net|org|shop|store|su|me|io|online|site)(?![\p{L}\d])/iu,
      ],
    },
  },
  'no-qr': {
    id: 'no-qr',
    title: { ru: 'QR-коды на картинке запрещены', en: 'No QR codes on the picture' },
    fix: {
      ru: 'Уберите QR-код и призыв его сканировать.',
      en: 'Remove the QR code and any call to scan it.',
    },
    check: { kind: 'text', patterns: [word('qr|куар|кьюар')] },
  },
  'no-promo': {
    id: 'no-promo',
    title: {
      ru: 'Акции и рекламные обещания запрещены',
      en: 'No promotions or advertising claims',
    },
    fix: {
      ru: 'Опишите свойство товара вместо обещания: «хлопок 100 %», а не «лучшее качество».',
      en: 'Describe a property instead of a promise: "100% cotton", not "best quality".',
    },
    check: {
      kind: 'text',
      patterns: [
        stem(
          'скидк|акци[яиюей]|распродаж|хит продаж|бестселлер|лучш(?:ий|ая|ее|ие|его|ей)|номер один|гарантир|бесплатн|подар[оки]|выгодн|дешевле|только сегодня|успей|sale|discount|best ?seller|free',
        ),
        /№\s?1(?!\d)/u,
        /[-−–]\s?\d{1,2}\s?%/u,
        word('best|top ?1'),
      ],
    },
  },
  'no-logo': {
    id: 'no-logo',
    title: { ru: 'Логотипы на картинке запрещены', en: 'No logos on the picture' },
    fix: {
      ru: 'Выключите логотип бренд-кита на этом слайде.',
      en: "Turn the brand kit's logo off on this slide.",
    },
    check: { kind: 'logo' },
  },
};

/** Where the rules were read (checked on the date given). */
export const ruleSources = {
  wildberriesPhoto: {
    url: 'http://asfotopro.ru/trebovaniya-k-fotografiyam-dlya-marketpleysov',
    title: 'Технические требования к фотографиям для Wildberries',
    checked: '2026-11-26',
  },
  wildberriesModeration: {
    url: 'https://wbstat.pro/faq/trebovaniya-k-foto-na-wildberries-kak-proyti-moderaciyu/',
    title: 'Требования к фото на Wildberries: тексты, логотипы и «обещания» на картинке',
    checked: '2026-11-26',
  },
  ozonImages: {
    url: 'https://docs.ozon.com/global/en/products/upload/adding-content/images',
    title: 'Ozon: working with images (3 : 4, up to 30 photos)',
    checked: '2026-11-26',
  },
  ozonMain: {
    url: 'https://penguin-capital.ru/internet-biznes/kakoy-format-kartochki-na-ozon',
    title: 'Ozon: главное изображение и инфографика',
    checked: '2026-11-26',
  },
  ozonFiles: {
    url: 'https://stoletdok.ru/articles/pochemu-ozon-ne-zagruzhaet-fotografii',
    title: 'Ozon: форматы и размер файла до 10 МБ',
    checked: '2026-11-26',
  },
  marketPictures: {
    url: 'https://yandex.com/support/partnermarket/picture.html',
    title: 'Yandex Market: image requirements (JPEG, PNG, no transparency, up to 10)',
    checked: '2026-11-26',
  },
  marketCards: {
    url: 'https://otveto.ru/blog/trebovaniya-k-kartochke-tovara-wildberries-ozon-yandeks-market',
    title: 'Требования к карточке товара: Wildberries, Ozon, Яндекс Маркет',
    checked: '2026-11-26',
  },
} as const satisfies Record<string, Source>;
