// The gallery of examples (issue #49): on each use-case page its three, and all of them in the
// studio, each with "Try this", which opens the studio with its prompt, model, style and
// parameters (`/studio?example=<id>`). Every picture is made by the sample pipeline
// (apps/web/scripts/make-images.ts, the scenes in scripts/style-scenes.ts) and committed under
// apps/web/public/examples as AVIF and WebP. Catalogue data (they name models and their
// parameters, which only the catalogue may); apps/web/scripts/style-pictures.test.ts holds the
// pictures to it.

/** A picture: `${src}.avif` and `${src}.webp` exist under public/. */
type ImageAsset = { src: string; width: number; height: number };

/** The use-case pages (features/landing/use-cases.ts names the same five). */
export type ExampleUseCase = 'smm' | 'marketplace' | 'inspiration' | 'livingPhoto' | 'influencer';

type Localized = { ru: string; en: string };

export type Example = {
  id: string;
  useCase: ExampleUseCase;
  /** A studio model's id (`@kadr/catalog`); a video model only one that needs no picture. */
  model: string;
  /** A catalogue style's id (its preview: `stylePreviewIds`). */
  style: string;
  /** The model's own parameters, with values it offers: at least the frame's shape. */
  parameters: Readonly<Record<string, string | number | boolean>>;
  prompt: Localized;
  /** A few words for what the picture shows: its alt text and the name of its "Try this". */
  title: Localized;
  /** The result, in the frame's shape. */
  image: ImageAsset;
};

/** A picture's size by the example's frame: about 400 px on its long side, as the samples. */
const frames = {
  '1:1': [400, 400],
  '3:4': [384, 512],
  '9:16': [288, 512],
  '16:9': [512, 288],
  // HunyuanVideo's 864×480.
  '9:5': [432, 240],
} as const;

function image(id: string, frame: keyof typeof frames): ImageAsset {
  const [width, height] = frames[frame];
  return { src: `/examples/${id}`, width, height };
}

export const examples: readonly Example[] = [
  {
    id: 'iced-latte',
    useCase: 'smm',
    model: 'seedream-3',
    style: 'golden-hour',
    parameters: { aspect_ratio: '9:16' },
    prompt: {
      ru: 'Айс-латте в высоком стакане на столике летней веранды, капли конденсата на стекле, низкое закатное солнце и блики',
      en: 'Iced latte in a tall glass on a summer terrace table, condensation on the glass, a low sunset sun and lens flare',
    },
    title: {
      ru: 'Айс-латте на веранде в закатном солнце',
      en: 'Iced latte on a terrace at sunset',
    },
    image: image('iced-latte', '9:16'),
  },
  {
    id: 'neon-sneakers',
    useCase: 'smm',
    model: 'imagen-4-ultra',
    style: 'neon',
    parameters: { aspect_ratio: '1:1' },
    prompt: {
      ru: 'Белые кроссовки на тёмном глянцевом полу, розовые и голубые неоновые трубки, отражения — пост о новой коллекции',
      en: 'White sneakers on a dark glossy floor, pink and blue neon tubes, reflections: a post about a new collection',
    },
    title: { ru: 'Кроссовки в неоновом свете', en: 'Sneakers in neon light' },
    image: image('neon-sneakers', '1:1'),
  },
  {
    id: 'brunch-flat-lay',
    useCase: 'smm',
    model: 'qwen-image',
    style: 'flat-lay',
    parameters: { aspect_ratio: '1:1' },
    prompt: {
      ru: 'Бранч сверху: тост с авокадо и яйцом, капучино, круассан и миска ягод на светло-зелёном столе',
      en: 'Brunch from above: avocado toast with an egg, a cappuccino, a croissant and a bowl of berries on a pale green table',
    },
    title: { ru: 'Бранч, вид сверху', en: 'Brunch from above' },
    image: image('brunch-flat-lay', '1:1'),
  },
  {
    id: 'serum-on-white',
    useCase: 'marketplace',
    model: 'imagen-4-ultra',
    style: 'product-white',
    parameters: { aspect_ratio: '3:4' },
    prompt: {
      ru: 'Флакон сыворотки из янтарного стекла с пипеткой на чистом белом фоне, мягкая тень — главное фото карточки на Wildberries',
      en: 'An amber glass serum bottle with a dropper on pure white, a soft shadow: the main photo of a Wildberries card',
    },
    title: { ru: 'Сыворотка на белом фоне', en: 'A serum bottle on white' },
    image: image('serum-on-white', '3:4'),
  },
  {
    id: 'cosy-candle',
    useCase: 'marketplace',
    model: 'seedream-3',
    style: 'lifestyle',
    parameters: { aspect_ratio: '3:4' },
    prompt: {
      ru: 'Ароматическая свеча в стеклянном стакане на деревянном столе в уютной комнате, свет из окна, размытый фон',
      en: 'A scented candle in a glass on a wooden table in a cosy room, window light, a blurred background',
    },
    title: { ru: 'Свеча в уютной комнате', en: 'A candle in a cosy room' },
    image: image('cosy-candle', '3:4'),
  },
  {
    id: 'luxury-headphones',
    useCase: 'marketplace',
    model: 'flux-kontext-pro',
    style: 'luxury',
    parameters: { aspect_ratio: '3:4' },
    prompt: {
      ru: 'Чёрные наушники с золотыми деталями на мраморном постаменте, тёмный фон, луч света сверху',
      en: 'Black headphones with gold details on a marble stand, a dark background, a spotlight from above',
    },
    title: { ru: 'Наушники на мраморе', en: 'Headphones on marble' },
    image: image('luxury-headphones', '3:4'),
  },
  {
    id: 'watercolor-lighthouse',
    useCase: 'inspiration',
    model: 'seedream-3',
    style: 'watercolor',
    parameters: { aspect_ratio: '16:9' },
    prompt: {
      ru: 'Маяк на скалистом берегу, волны и чайки, акварель на белой бумаге',
      en: 'A lighthouse on a rocky shore, waves and seagulls, watercolour on white paper',
    },
    title: { ru: 'Акварельный маяк у моря', en: 'A watercolour lighthouse by the sea' },
    image: image('watercolor-lighthouse', '16:9'),
  },
  {
    id: 'rainy-neon-street',
    useCase: 'inspiration',
    model: 'qwen-image',
    style: 'cyberpunk',
    parameters: { aspect_ratio: '16:9' },
    prompt: {
      ru: 'Ночная улица большого города под дождём, неоновые вывески, отражения на мокром асфальте, фиолетовая дымка',
      en: 'A big city street at night in the rain, neon signs, reflections on wet asphalt, a purple haze',
    },
    title: { ru: 'Неоновая улица под дождём', en: 'A neon street in the rain' },
    image: image('rainy-neon-street', '16:9'),
  },
  {
    id: 'anime-fox',
    useCase: 'inspiration',
    model: 'seedream-3',
    style: 'anime',
    parameters: { aspect_ratio: '16:9' },
    prompt: {
      ru: 'Лисёнок сидит на цветущем лугу, большое голубое небо с пышными облаками',
      en: 'A little fox sitting in a flowering meadow, a big blue sky with fluffy clouds',
    },
    title: { ru: 'Лисёнок на лугу', en: 'A fox in a meadow' },
    image: image('anime-fox', '16:9'),
  },
  {
    id: 'waves-at-dusk',
    useCase: 'livingPhoto',
    model: 'veo2',
    style: 'cinematic',
    parameters: { aspect_ratio: '16:9' },
    prompt: {
      ru: 'Волны разбиваются о скалу на закате, брызги, камера медленно плывёт вдоль берега',
      en: 'Waves crash against a cliff at dusk, spray, the camera glides slowly along the shore',
    },
    title: { ru: 'Волны у скалы на закате', en: 'Waves at a cliff at dusk' },
    image: image('waves-at-dusk', '16:9'),
  },
  {
    id: 'tea-with-steam',
    useCase: 'livingPhoto',
    model: 'seedance-lite',
    style: 'food',
    parameters: { aspect_ratio: '9:16', camera_fixed: true },
    prompt: {
      ru: 'Чашка чая с лимоном на деревянном столе, от чая поднимается пар, тёплый свет, камера неподвижна',
      en: 'A cup of tea with lemon on a wooden table, steam rising from it, warm light, a still camera',
    },
    title: { ru: 'Чай с лимоном и паром', en: 'Tea with lemon and steam' },
    image: image('tea-with-steam', '9:16'),
  },
  {
    id: 'rainy-street-bw',
    useCase: 'livingPhoto',
    model: 'hunyuan',
    style: 'black-white',
    parameters: { width: 864, height: 480 },
    prompt: {
      ru: 'Прохожий с зонтом идёт по улице под дождём, фонари отражаются в лужах, чёрно-белое кино',
      en: 'A passer-by with an umbrella walks down a street in the rain, street lamps reflected in puddles, black-and-white film',
    },
    title: { ru: 'Прохожий с зонтом под дождём', en: 'A passer-by with an umbrella in the rain' },
    image: image('rainy-street-bw', '9:5'),
  },
  {
    id: 'studio-portrait',
    useCase: 'influencer',
    model: 'imagen-4-ultra',
    style: 'studio-portrait',
    parameters: { aspect_ratio: '3:4' },
    prompt: {
      ru: 'Студийный портрет девушки с тёмными волосами до плеч, серый фон, мягкий свет, лёгкая улыбка — аватар для блога',
      en: 'A studio portrait of a young woman with shoulder-length dark hair, a grey backdrop, soft light, a slight smile: a blog avatar',
    },
    title: { ru: 'Студийный портрет девушки', en: 'A studio portrait of a woman' },
    image: image('studio-portrait', '3:4'),
  },
  {
    id: 'fashion-look',
    useCase: 'influencer',
    model: 'seedream-3',
    style: 'editorial-fashion',
    parameters: { aspect_ratio: '9:16' },
    prompt: {
      ru: 'Модель в оверсайз-пиджаке и широких брюках, уверенная поза, яркий цветной фон, жёсткая вспышка, как в журнале',
      en: 'A model in an oversized blazer and wide trousers, a confident pose, a bold colour backdrop, hard flash, like a magazine shoot',
    },
    title: { ru: 'Образ для фэшн-съёмки', en: 'An editorial fashion look' },
    image: image('fashion-look', '9:16'),
  },
  {
    id: 'cafe-selfie',
    useCase: 'influencer',
    model: 'qwen-image',
    style: 'ugc-phone',
    parameters: { aspect_ratio: '9:16' },
    prompt: {
      ru: 'Селфи девушки в кофейне с чашкой капучино, снято на телефон, естественно и без ретуши',
      en: 'A young woman’s selfie in a coffee shop with a cappuccino, shot on a phone, natural and unretouched',
    },
    title: { ru: 'Селфи в кофейне', en: 'A selfie in a coffee shop' },
    image: image('cafe-selfie', '9:16'),
  },
];

/** A use-case page's examples, in the gallery's order. */
export function examplesFor(useCase: ExampleUseCase): Example[] {
  return examples.filter((example) => example.useCase === useCase);
}

export function exampleById(id: string): Example | undefined {
  return examples.find((example) => example.id === id);
}
