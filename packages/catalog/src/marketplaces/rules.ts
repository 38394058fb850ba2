import type { CardRule, CardRuleId, Source } from './types.ts';
import { after, before } from './word-edges.ts';

const word = (body: string) => new RegExp(`${before}(?:${body})${after}`, 'iu');
const stem = (body: string) => new RegExp(`${before}(?:${body})`, 'iu');

// A price: a number (spaced thousands, decimals, a range) with a currency after it, in any of the
// ways people write one — «990р», «990 р.», «1 990 рублей», «1,5 тыс. ₽», "19.99 USD". A bare «р»
// counts only as a word of its own, so «990 рулонов», «3 ряда» and «500 р-н» are not prices.
const amount = '\\d(?:[\\d\\s.,]*\\d)?';
const thousands = '(?:(?:тыс|млн)\\.?\\s*|[kк]\\s*)?';
const currency = [
  '₽',
  'руб(?:л(?:ь|я|ей|ям|ями|ях|и))?\\.?',
  'р\\.?',
  'rub(?:les?)?',
  'roubles?',
  'rur',
  'usd',
  'eur(?:os?)?',
  'евро',
  'доллар(?:ов|а|ы)?',
  'dollars?',
  '\\$',
  '€',
].join('|');
const priced = new RegExp(
  `${before}${amount}\\s*${thousands}(?:${currency})(?![\\p{L}\\p{N}])(?!-\\p{L})`,
  'iu',
);

// A phone, told apart from the long numbers a card may carry. A run of digits is read whole (digits
// joined by spaces, dashes or brackets, never split), and is a phone when it is shaped like one: +7,
// 8 or 7 with ten digits, «8 800…», a ten-digit local number grouped 3-3-2-2 or 3-3-4, bracketed
// codes, or + and a country code with ten to fifteen digits. A barcode (EAN-8/13, UPC-A, GTIN-14:
// 8, 12, 13 or 14 digits written solid) has none of these shapes, and a run named as a code —
// штрихкод, артикул, арт., EAN, UPC, GTIN, SKU, код товара, модель… — is never a phone.
const joiner = '[\\s()\\-]';
const runStart = `(?<!\\p{N}${joiner}*)`;
const runEnd = `(?!${joiner}*\\p{N})`;
const codeWords = [
  'штрих[\\s-]?код\\p{L}*',
  'баркод\\p{L}*',
  'артикул\\p{L}*(?:\\s+(?:производителя|продавца|товара|поставщика))?',
  'арт',
  'код\\s+товара',
  'модел\\p{L}*',
  'ean(?:-?(?:8|13))?',
  'upc(?:-?a)?',
  'gtin(?:-?(?:8|12|13|14))?',
  'sku',
  'isbn',
  'mpn',
  'barcode',
  'model',
  'art(?:icle)?',
  'item(?:\\s+(?:no|number|code))?',
  'part(?:\\s+(?:no|number))?',
].join('|');
const notCode = `(?<!(?<![\\p{L}\\p{N}])(?:${codeWords})\\.?\\s*[:#№]?\\s*)`;
const ten = '\\(?\\d{3}\\)?[\\s-]*\\d{3}[\\s-]*(?:\\d{2}[\\s-]*\\d{2}|\\d{4})';
const phone = (body: string) => new RegExp(`${runStart}${notCode}(?:${body})${runEnd}`, 'iu');
const phones = [
  // +7 912 345-67-89, 8(912)3456789, 89123456789, +7-912-345-67-89, 8 800 555 35 35.
  phone(`(?:\\+\\s?7|8|7)[\\s-]*${ten}`),
  // 912 345-67-89, (495) 123-45-67: a local number without its prefix.
  phone(ten),
  // 8 (4012) 12-34-56: a bracketed city code of three to five digits.
  phone('(?:(?:\\+\\s?7|8)[\\s-]*)?\\(\\d{3,5}\\)[\\s-]*\\d(?:[\\s-]*\\d){4,6}'),
  // +44 20 7946 0958, +1 (555) 123-4567: a country code and ten to fifteen digits in all.
  phone('\\+\\s?\\d(?:[\\s()\\-]*\\d){9,14}'),
];

/**
 * What Kadr checks the typed text and the layout against. Patterns look for the thing, not a
 * word list of everything: a price is a number with a currency, a phone is a run of digits shaped
 * like one. Each rule is data; how a marketplace applies it (and how severely) is in presets.ts.
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
        priced,
        // The currency first: "$19.99", "from $10", «₽ 990», "USD 20".
        /(?:[₽$€£]|(?<![\p{L}\p{N}])(?:usd|eur|rub)\s?)\s?\d/iu,
        // «990.-», «990,-»: the shop-window way of writing roubles.
        /(?<![\p{L}\p{N}])\d[\d\s]*[.,]-(?![\p{L}\p{N}-])/u,
        /₽/u,
        word(
          'цена|цены|цене|цену|ценой|цен|стоимость|стоимости|прайс|руб|рубл(?:ь|я|ей|ям|ями|ях|и)|price[sd]?|pricing|rubles?|roubles?',
        ),
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
        ...phones,
        /[\p{L}\d._%+-]+@[\p{L}\d-]+\.[\p{L}]{2,}/u,
        /(?<![\p{L}\d])@[a-z0-9_.]{4,}/iu,
        stem(
          'telegram|телеграм|whats ?app|ватсап|вотсап|viber|вайбер|вконтакте|instagram|инстаграм|позвоните|звонит[еь]|пишите в|пишите нам|напишите нам',
        ),
        word('tg|vk|call us|call now|text us|message us|dm us|contact us'),
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
        // A bare domain: shop.ru, магазин.рф, t.me/shop, wa.me, vk.com.
        /(?<![\p{L}\d@.])[\p{L}\d-]+\.(?:ru|com|рф|net|org|shop|store|su|me|io|online|site|by|kz|info|biz|club|market)(?![\p{L}\d])/iu,
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
    // The word, and a QR code (or Data Matrix, Aztec, PDF417) printed in the photo or the scene.
    check: { kind: 'text', patterns: [word('qr|куар|кьюар')], codes: ['qr'] },
  },
  'no-barcode': {
    id: 'no-barcode',
    title: { ru: 'Штрихкод на картинке', en: 'A barcode on the picture' },
    fix: {
      ru: 'Снимите товар стороной без этикетки или закройте штрихкод: штрихкод указывают в карточке, а не на фото.',
      en: 'Shoot the product from a side without the label, or cover the barcode: it belongs in the listing, not on the photo.',
    },
    check: { kind: 'picture', codes: ['barcode'] },
  },
  'no-promo': {
    id: 'no-promo',
    title: {
      ru: 'Акции, скидки и подарки на картинке запрещены',
      en: 'No sales, discounts or gifts on the picture',
    },
    fix: {
      ru: 'Уберите акцию, скидку, подарок и призыв поспешить: условия продажи маркетплейс показывает сам.',
      en: 'Remove the sale, discount, gift or call to hurry: the marketplace shows the terms of sale itself.',
    },
    check: {
      kind: 'text',
      patterns: [
        stem(
          'скидк|акци(?:я|и|ю|ей|онн)|распродаж|промокод|к[эе]шб[эе]к|бесплатн|выгодн|дешевле|дёшево|дешево|недорог|только сегодня|успей|спеши|последний шанс|спецпредложени|специальн\\p{L}* (?:цена|предложени)|ограниченн\\p{L}* предложени',
        ),
        word('подар(?:ок|ка|ки|ком|ку|ков)'),
        word(
          'sale|on sale|discount(?:s|ed)?|deals?|clearance|promo(?:tion)?s?|promo code|coupons?|cash ?back|special offer|limited offer|limited time|today only|only today|hurry|last chance|buy one get one|bogo|free\\s+(?:delivery|shipping|gift|sample|trial)|for free|free of charge|gratis',
        ),
        // «−30%», "SALE -50%" — but not the upper end of a range, «хлопок 70–80 %».
        /(?<!\p{N}\s?)[-−–]\s?\d{1,2}\s?%/u,
        /\d{1,3}\s?%\s?off(?![\p{L}\p{N}])/iu,
      ],
    },
  },
  'no-claims': {
    id: 'no-claims',
    title: {
      ru: 'Превосходство и рейтинги: «лучший», «№1», «хит продаж»',
      en: 'Superlatives and rankings: "best", "#1", "top seller"',
    },
    fix: {
      ru: 'Замените обещание свойством, которое покупатель может проверить: «держит тепло 12 часов», а не «лучший термос» или «хит продаж».',
      en: 'Replace the claim with a property a buyer can check: "keeps hot for 12 hours", not "best flask" or "bestseller".',
    },
    check: {
      kind: 'text',
      patterns: [
        // Not «лучше» (comparative, «лучше хранить в сухом месте») and not «улучшенный».
        word(
          'лучш(?:ий|ая|ее|ие|его|ей|ему|им|их|ую|ими)|наилучш\\p{L}*|самы[йех]|сам(?:ая|ое|ого|ой|ому|ую|ыми)|хит(?:ы|а|ов)?|хитов\\p{L}*|бестселлер\\p{L}*|номер (?:один|1)|лидер (?:продаж|рынка)|выбор (?:покупателей|экспертов|редакции)|(?:без|нет) аналогов|не имеет аналогов|гарантир\\p{L}*',
        ),
        // «топ-1», «топ 10», «топ продаж», «топовый» — but not «топ» the garment, «Топ женский».
        word(
          'топ[\\s-]?\\d{1,3}|топ[\\s-]+(?:продаж|селлер|товар|качеств|выбор)\\p{L}*|топов\\p{L}*|в топе',
        ),
        /№\s?1(?!\p{N})/u,
        /(?<![\p{L}\p{N}&])#\s?1(?!\p{N})/u,
        /(?<![\p{L}\p{N}])no\.?\s?1(?![\p{N}.,])/iu,
        // "best", but not "best before" on food.
        word(
          'best(?![\\p{L}\\p{N}])(?!\\s+before)|bestsell\\p{L}*|best-sell\\p{L}*|number (?:one|1)|top[\\s-]?(?:sell\\p{L}*|rated|quality|choice|pick|brand|\\d{1,3})|most (?:popular|wanted|loved|trusted|sold|selling)|the most \\p{L}+|market leader|sales leader|award[\\s-]winning|unbeatable|unrivall?ed|unmatched|guaranteed|hit of the season',
        ),
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

/**
 * Where the rules were read (checked on the date given). What each says, in short:
 * - wildberriesPhoto: the photo requirements as taken from Wildberries' own site — no logos, tags
 *   or promotions («акций») on the photos.
 * - wildberriesModeration: what fails Wildberries' moderation — texts, logos and «обещания» on the
 *   picture (prices, contacts, links, QR codes).
 * - wildberriesInfographics: what is never allowed in Wildberries' infographics, on pain of a ban —
 *   marketing text that does not describe the product, and claims of superiority over others.
 * - ozonBrandShelf: Ozon's own rules for a brand shelf — no superlatives ("the best", "the most
 *   convenient") unless third-party research confirms them; said of the shelf, not of a product's
 *   photos, so Kadr only warns.
 * - marketProductName: Yandex Market's own help — keep sale terms («скидка», «бесплатная доставка»)
 *   and emotional words («хит», «супер») out of a product's name; said of the name, so a warning.
 * - marketCards: the three marketplaces' card requirements — clean media, no spam or subjective
 *   promises, no contacts or links.
 */
export const ruleSources = {
  wildberriesPhoto: {
    url: 'http://asfotopro.ru/trebovaniya-k-fotografiyam-dlya-marketpleysov',
    title: 'Технические требования к фотографиям для Wildberries',
    checked: '2026-12-07',
  },
  wildberriesModeration: {
    url: 'https://wbstat.pro/faq/trebovaniya-k-foto-na-wildberries-kak-proyti-moderaciyu/',
    title: 'Требования к фото на Wildberries: тексты, логотипы и «обещания» на картинке',
    checked: '2026-12-07',
  },
  wildberriesInfographics: {
    url: 'https://graph.org/CHto-nelzya-pisat-v-infografike-Wildberries-Infografika-Wildberries-CHto-absolyutno-nedopustimo-chtoby-ne-narvatsya-na-ban-02-12',
    title: 'Инфографика Wildberries: что абсолютно недопустимо — превосходство над другими',
    checked: '2026-12-07',
  },
  ozonImages: {
    url: 'https://docs.ozon.com/global/en/products/upload/adding-content/images',
    title: 'Ozon: working with images (3 : 4, up to 30 photos)',
    checked: '2026-11-26',
  },
  ozonMain: {
    url: 'https://penguin-capital.ru/internet-biznes/kakoy-format-kartochki-na-ozon',
    title: 'Ozon: главное изображение и инфографика',
    checked: '2026-12-07',
  },
  ozonBrandShelf: {
    url: 'https://docs.ozon.ru/global/en/promotion/product-promotions/brand-shelf-requirements/',
    title: 'Ozon: brand shelf requirements (no unconfirmed superlatives such as "the best")',
    checked: '2026-12-07',
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
  marketProductName: {
    url: 'https://yandex.com/support/marketplace/ru/assortment/create/main-fields/general.md',
    title: 'Яндекс Маркет: название товара без «скидка», «хит», «супер»',
    checked: '2026-12-07',
  },
  marketCards: {
    url: 'https://otveto.ru/blog/trebovaniya-k-kartochke-tovara-wildberries-ozon-yandeks-market',
    title: 'Требования к карточке товара: Wildberries, Ozon, Яндекс Маркет',
    checked: '2026-12-07',
  },
} as const satisfies Record<string, Source>;
