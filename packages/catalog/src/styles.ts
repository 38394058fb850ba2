// Style presets (issue #49, ADR 051): what a look adds to a prompt, per the way a family of models
// reads one, and which models it suits. Plain data: the studio's picker loads it on first use,
// and the server adds the words after translation (they are English, as the models read best).
// A style adds nothing to the price.
import type { Localized, ModelDefinition } from './types.ts';

/**
 * How a model reads a prompt: a picture described (`image`), an instruction that changes a picture
 * or makes one (`edit`: FLUX Kontext, Nano Banana), or a shot that moves (`video`).
 */
export type StyleFamily = 'image' | 'edit' | 'video';

export type StyleCategory = 'product' | 'photo' | 'art' | 'graphic';

export type StyleDefinition = {
  id: string;
  category: StyleCategory;
  name: Localized;
  description: Localized;
  /** Words added after the prompt, per family, in English. */
  prompt: Readonly<Record<StyleFamily, string>>;
  /** Added to the negative prompt of a model that takes one, per family. */
  negative?: Readonly<Partial<Record<StyleFamily, string>>>;
  /** The studio's model ids it suits, in their order. */
  models: readonly string[];
};

/** The families' models. A model's family comes from this table, so every entry is in one. */
const families: Readonly<Record<StyleFamily, readonly string[]>> = {
  // The background replacement tool reads its prompt as a scene described (the card workshop's AI
  // scenes, ADR 051).
  image: [
    'seedream-3',
    'imagen-4-ultra',
    'qwen-image',
    'seedream-4',
    'flux-character',
    'flux-dev',
    'replace-background',
  ],
  edit: ['flux-kontext-pro', 'nano-banana'],
  video: ['hunyuan', 'seedance-pro', 'seedance-lite', 'veo3', 'veo3-fast', 'veo2', 'omni-human'],
};

const stillModels = [
  'seedream-3',
  'imagen-4-ultra',
  'flux-kontext-pro',
  'qwen-image',
  'seedream-4',
  'nano-banana',
] as const;
/** Video models a style can steer (a talking character follows its recording, not a look). */
const motionModels = ['hunyuan', 'seedance-pro', 'seedance-lite', 'veo3', 'veo3-fast', 'veo2'];
const everyModel = [...stillModels, ...motionModels];
/** A trained character's model takes the looks of a person's picture. */
const withCharacter = (list: readonly string[]) => [...list, 'flux-character'];
/** The looks a product's new background can take (the card workshop's AI scenes). */
const withScenes = (list: readonly string[]) => [...list, 'replace-background'];

/** The family a model belongs to; a model missing from the table reads prompts as pictures. */
export function styleFamily(model: Pick<ModelDefinition, 'id' | 'type'>): StyleFamily {
  for (const family of ['edit', 'video', 'image'] as const) {
    if (families[family].includes(model.id)) return family;
  }
  return model.type === 'video' ? 'video' : 'image';
}

const blurry = 'blurry, low quality, jpeg artifacts, watermark, text';

export const styles: readonly StyleDefinition[] = [
  {
    id: 'product-white',
    category: 'product',
    name: { ru: 'Товар на белом', en: 'Product on white' },
    description: {
      ru: 'Товар один в кадре на чистом белом фоне, мягкая тень — для главного фото карточки.',
      en: 'The product alone on pure white with a soft shadow: a marketplace main photo.',
    },
    prompt: {
      image:
        'professional product photography, centered on a seamless pure white background, soft even studio lighting, subtle contact shadow, sharp focus, high detail',
      edit: 'place the product on a seamless pure white background with soft even studio light and a subtle contact shadow, keep the product unchanged',
      video:
        'product shot on a seamless pure white background, slow turntable rotation, soft even studio lighting, locked-off camera',
    },
    negative: {
      image: `busy background, props, people, hands, ${blurry}`,
      video: 'busy background, people, hands, shaky camera',
    },
    models: everyModel,
  },
  {
    id: 'lifestyle',
    category: 'product',
    name: { ru: 'Лайфстайл', en: 'Lifestyle' },
    description: {
      ru: 'Вещь в жизни: уютный дом, свет из окна, размытый фон.',
      en: 'The thing in everyday use: a lived-in home, window light, a soft background.',
    },
    prompt: {
      image:
        'lifestyle photography, in use in a warm lived-in home interior, natural window light, shallow depth of field, authentic candid moment',
      edit: 'set it in a warm lived-in home interior with natural window light and a softly blurred background',
      video:
        'lifestyle scene in a warm lived-in home, natural window light, gentle handheld camera drifting closer, shallow depth of field',
    },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'flat-lay',
    category: 'product',
    name: { ru: 'Флэтлей', en: 'Flat lay' },
    description: {
      ru: 'Вид строго сверху, предметы аккуратно разложены на ровном цветном фоне.',
      en: 'Straight from above: things laid out neatly on a flat coloured surface.',
    },
    prompt: {
      image:
        'flat lay, top-down overhead view, objects neatly arranged on a flat colored surface, crisp short shadows, clean composition',
      edit: 'turn it into a top-down flat lay: objects neatly arranged on a flat colored surface with crisp short shadows',
      video:
        'top-down overhead flat lay, objects arranged on a flat colored surface, slow overhead push-in, crisp light',
    },
    negative: { image: `perspective, people, ${blurry}` },
    models: [...stillModels, 'seedance-pro', 'seedance-lite', 'veo3', 'veo3-fast'],
  },
  {
    id: 'cinematic',
    category: 'photo',
    name: { ru: 'Кино', en: 'Cinematic' },
    description: {
      ru: 'Широкий кадр как в кино, контрастный свет, сине-оранжевая цветокоррекция.',
      en: 'A wide film frame, dramatic light and a teal-and-orange grade.',
    },
    prompt: {
      image:
        'cinematic film still, anamorphic widescreen, dramatic side lighting, teal and orange color grade, atmospheric haze, shallow depth of field',
      edit: 'make it look like a cinematic film still with dramatic side lighting, a teal and orange grade and atmospheric haze',
      video:
        'cinematic shot, anamorphic lens, slow dolly-in, dramatic side lighting, teal and orange color grade, atmospheric haze, film grain',
    },
    negative: { image: `flat lighting, ${blurry}`, video: 'flat lighting, shaky camera' },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'film-photo',
    category: 'photo',
    name: { ru: 'Плёнка', en: 'Film photo' },
    description: {
      ru: 'Тёплые выцветшие цвета, зерно и засветка, как на плёночной фотографии.',
      en: 'Warm faded colours, grain and a light leak, as on analogue film.',
    },
    prompt: {
      image:
        'analog 35mm film photo, Kodak Portra 400, warm faded colors, visible film grain, subtle light leak, soft vignette',
      edit: 'make it look like an analog 35mm film photo with warm faded colors, film grain and a subtle light leak',
      video:
        'shot on 16mm film, warm faded colors, visible grain, gentle gate weave, soft vignette, handheld',
    },
    negative: { image: 'digital look, oversharpened, plastic skin, watermark' },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'anime',
    category: 'art',
    name: { ru: 'Аниме', en: 'Anime' },
    description: {
      ru: 'Рисованный стиль аниме: плоские цвета, чёткий контур, большое небо.',
      en: 'Anime drawing: flat cel colours, clean outlines, a big stylised sky.',
    },
    prompt: {
      image:
        'anime style illustration, cel shading, clean bold line art, vibrant flat colors, dramatic stylized clouds, detailed background',
      edit: 'redraw it as an anime illustration with cel shading, clean line art and vibrant flat colors',
      video:
        'anime style animation, cel shading, clean line art, vibrant colors, stylized clouds drifting, smooth camera pan',
    },
    negative: { image: 'photorealistic, 3d render, photo, watermark', video: 'photorealistic' },
    models: withCharacter(everyModel),
  },
  {
    id: 'render-3d',
    category: 'graphic',
    name: { ru: '3D-рендер', en: '3D render' },
    description: {
      ru: 'Гладкие глянцевые формы, мягкие тени, пастельный студийный фон.',
      en: 'Smooth glossy shapes, soft shadows and a pastel studio backdrop.',
    },
    prompt: {
      image:
        '3D render, smooth glossy clay-like shapes, soft global illumination, pastel studio backdrop, octane render, high detail',
      edit: 'turn it into a 3D render with smooth glossy shapes, soft global illumination and a pastel studio backdrop',
      video:
        '3D animation, smooth glossy shapes, soft global illumination, pastel backdrop, slow orbiting camera',
    },
    negative: { image: `photo, grain, ${blurry}` },
    models: everyModel,
  },
  {
    id: 'watercolor',
    category: 'art',
    name: { ru: 'Акварель', en: 'Watercolour' },
    description: {
      ru: 'Прозрачные размытые заливки на фактурной бумаге.',
      en: 'Transparent soft washes bleeding on textured paper.',
    },
    prompt: {
      image:
        'watercolor painting, soft bleeding edges, transparent washes, visible paper texture, white paper showing through, delicate',
      edit: 'repaint it as a watercolor painting with soft bleeding edges, transparent washes and paper texture',
      video:
        'animated watercolor painting, soft bleeding washes slowly spreading, paper texture, gentle camera drift',
    },
    negative: { image: 'photo, 3d render, hard edges, watermark' },
    models: withScenes(everyModel),
  },
  {
    id: 'minimalism',
    category: 'graphic',
    name: { ru: 'Минимализм', en: 'Minimalism' },
    description: {
      ru: 'Один предмет, много воздуха, два спокойных цвета.',
      en: 'One object, a lot of empty space, two muted colours.',
    },
    prompt: {
      image:
        'minimalist composition, single subject, generous negative space, two muted colors, clean simple background, calm',
      edit: 'make it minimalist: a single subject, generous negative space and a clean background in two muted colors',
      video:
        'minimalist shot, single subject, generous negative space, muted colors, static camera, slow subtle motion',
    },
    negative: { image: `clutter, many objects, busy pattern, ${blurry}` },
    models: withScenes(everyModel),
  },
  {
    id: 'neon',
    category: 'graphic',
    name: { ru: 'Неон', en: 'Neon' },
    description: {
      ru: 'Ночь, тёмный фон и яркое свечение розового и голубого неона.',
      en: 'Night, a dark background and glowing magenta and cyan neon.',
    },
    prompt: {
      image:
        'neon lighting, dark background, glowing magenta and cyan neon tubes, light bloom, reflective surfaces, night',
      edit: 'relight it with glowing magenta and cyan neon on a dark background, with bloom and reflections',
      video:
        'neon lit night scene, glowing magenta and cyan neon, flickering light, reflections, slow tracking shot',
    },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'editorial-fashion',
    category: 'photo',
    name: { ru: 'Фэшн-съёмка', en: 'Editorial fashion' },
    description: {
      ru: 'Как в модном журнале: сильная поза, яркий однотонный фон, жёсткая вспышка.',
      en: 'A fashion magazine look: a strong pose, a bold colour backdrop, hard flash.',
    },
    prompt: {
      image:
        'high fashion editorial photography, strong pose, bold color block backdrop, hard flash lighting, magazine cover quality, styled',
      edit: 'make it a high fashion editorial shot with a bold color block backdrop and hard flash lighting',
      video:
        'high fashion editorial film, model striking poses, bold color backdrop, hard flash strobes, confident slow motion',
    },
    negative: { image: `amateur, snapshot, ${blurry}` },
    models: withCharacter(everyModel),
  },
  {
    id: 'food',
    category: 'photo',
    name: { ru: 'Фуд-фото', en: 'Food photo' },
    description: {
      ru: 'Аппетитное блюдо в тёплом свете, на деревянном столе, с паром.',
      en: 'An appetising dish in warm light on a rustic table, with steam.',
    },
    prompt: {
      image:
        'professional food photography, appetizing, warm natural light, rustic wooden table, fresh garnish, shallow depth of field, steam',
      edit: 'make it appetizing food photography in warm natural light on a rustic wooden table with fresh garnish',
      video:
        'food commercial shot, appetizing dish, rising steam, warm light, slow push-in, shallow depth of field',
    },
    negative: { image: `unappetizing, plastic, ${blurry}` },
    models: everyModel,
  },
  {
    id: 'studio-portrait',
    category: 'photo',
    name: { ru: 'Студийный портрет', en: 'Studio portrait' },
    description: {
      ru: 'Портрет по плечи на сером фоне, мягкий рисующий и контровой свет.',
      en: 'Head and shoulders on grey seamless, soft key and rim light.',
    },
    prompt: {
      image:
        'studio portrait photography, head and shoulders, seamless grey backdrop, soft key light, subtle rim light, 85mm lens, natural skin texture',
      edit: 'make it a studio portrait on a seamless grey backdrop with soft key light and a subtle rim light, keep the face unchanged',
      video:
        'studio portrait shot, seamless grey backdrop, soft key and rim light, subject turns gently toward the camera, 85mm lens',
    },
    negative: { image: `distorted face, extra fingers, plastic skin, ${blurry}` },
    models: withCharacter(everyModel),
  },
  {
    id: 'golden-hour',
    category: 'photo',
    name: { ru: 'Золотой час', en: 'Golden hour' },
    description: {
      ru: 'Низкое тёплое солнце, длинные тени, блик в объективе.',
      en: 'A low warm sun, long shadows and a lens flare.',
    },
    prompt: {
      image:
        'golden hour, low warm sunlight, long soft shadows, lens flare, orange and pink sky, glowing backlight',
      edit: 'relight it at golden hour: low warm sunlight, long shadows, a lens flare and a glowing backlight',
      video:
        'golden hour, low warm sun, long shadows, lens flare, slow tracking shot toward the sun',
    },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'black-white',
    category: 'photo',
    name: { ru: 'Чёрно-белое', en: 'Black and white' },
    description: {
      ru: 'Монохром, высокий контраст, глубокий чёрный и зерно.',
      en: 'Monochrome, high contrast, deep blacks and grain.',
    },
    prompt: {
      image:
        'black and white photography, monochrome, high contrast, deep blacks, fine grain, dramatic light',
      edit: 'make it a high contrast black and white photograph with deep blacks and fine grain',
      video:
        'black and white film, monochrome, high contrast, deep blacks, grain, slow camera move',
    },
    negative: { image: 'color, colorful, sepia, watermark', video: 'color' },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'pastel',
    category: 'graphic',
    name: { ru: 'Пастель', en: 'Pastel' },
    description: {
      ru: 'Мягкие мятные, персиковые и сиреневые тона, много света.',
      en: 'Soft mint, peach and lilac tones, airy and bright.',
    },
    prompt: {
      image:
        'soft pastel color palette, mint peach and lilac, airy bright light, low contrast, dreamy and clean',
      edit: 'recolor it in a soft pastel palette of mint, peach and lilac with airy bright light',
      video: 'soft pastel palette, mint peach and lilac, airy bright light, gentle slow motion',
    },
    negative: { image: 'dark, saturated, harsh shadows, watermark' },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'vintage-poster',
    category: 'graphic',
    name: { ru: 'Винтажный плакат', en: 'Vintage poster' },
    description: {
      ru: 'Плакат середины века: мало цветов, растр и потёртая бумага.',
      en: 'A mid-century poster: a few flat colours, halftone and worn paper.',
    },
    prompt: {
      image:
        'vintage mid-century travel poster, flat limited color palette, bold simple shapes, halftone texture, worn paper',
      edit: 'turn it into a vintage mid-century poster with a flat limited palette, halftone texture and worn paper',
      video:
        'animated vintage poster, flat limited palette, halftone texture, simple shapes moving, paper grain',
    },
    negative: { image: 'photo, photorealistic, 3d, watermark' },
    models: everyModel,
  },
  {
    id: 'oil-painting',
    category: 'art',
    name: { ru: 'Масляная живопись', en: 'Oil painting' },
    description: {
      ru: 'Видимые мазки, фактура холста и густые классические цвета.',
      en: 'Visible brush strokes, canvas texture and rich classical colours.',
    },
    prompt: {
      image:
        'oil painting, visible expressive brush strokes, impasto texture, canvas texture, rich classical colors, museum quality',
      edit: 'repaint it as an oil painting with visible brush strokes, impasto and canvas texture',
      video:
        'living oil painting, visible brush strokes moving subtly, impasto texture, rich colors, slow camera drift',
    },
    negative: { image: 'photo, smooth digital, 3d render, watermark' },
    models: withCharacter(everyModel),
  },
  {
    id: 'pixel-art',
    category: 'art',
    name: { ru: 'Пиксель-арт', en: 'Pixel art' },
    description: {
      ru: 'Крупные пиксели и палитра в 16 цветов, как в старых играх.',
      en: 'Chunky pixels and a 16-colour palette, as in old games.',
    },
    prompt: {
      image:
        'pixel art, 16-bit, chunky visible pixels, limited 16 color palette, no anti-aliasing, retro game scene',
      edit: 'redraw it as 16-bit pixel art with chunky pixels and a limited palette',
      video: 'pixel art animation, 16-bit, chunky pixels, limited palette, looping side-scroll',
    },
    negative: { image: 'smooth, blurry, photo, 3d, gradient' },
    models: [...stillModels, 'hunyuan', 'seedance-pro', 'seedance-lite'],
  },
  {
    id: 'cyberpunk',
    category: 'art',
    name: { ru: 'Киберпанк', en: 'Cyberpunk' },
    description: {
      ru: 'Ночной город под дождём, неоновые вывески и отражения на мокром асфальте.',
      en: 'A rainy night city, neon signs and reflections on wet streets.',
    },
    prompt: {
      image:
        'cyberpunk, rainy night city, neon signs, purple and blue haze, reflections on wet street, futuristic, highly detailed',
      edit: 'turn it into a cyberpunk scene: rainy night, neon signs, purple and blue haze, reflections on a wet street',
      video:
        'cyberpunk city at night, rain falling, neon signs flickering, reflections on wet street, slow drone flyover',
    },
    models: withScenes(withCharacter(everyModel)),
  },
  {
    id: 'isometric',
    category: 'graphic',
    name: { ru: 'Изометрия', en: 'Isometric' },
    description: {
      ru: 'Маленькая диорама в изометрии с чистыми гранями.',
      en: 'A small diorama seen isometrically, with clean faces.',
    },
    prompt: {
      image:
        'isometric view, small diorama, 30 degree isometric angle, clean vector shading, tidy miniature scene, soft shadows',
      edit: 'turn it into an isometric miniature diorama with clean vector shading',
      video:
        'isometric miniature diorama, clean shading, tiny moving details, slow rotating camera',
    },
    negative: { image: 'perspective distortion, photo, blurry' },
    models: [...stillModels, 'seedance-pro', 'seedance-lite', 'veo3', 'veo3-fast'],
  },
  {
    id: 'comic',
    category: 'art',
    name: { ru: 'Комикс', en: 'Comic book' },
    description: {
      ru: 'Толстый контур, растровые тени и яркие основные цвета.',
      en: 'Thick ink outlines, halftone shading and bold primaries.',
    },
    prompt: {
      image:
        'comic book art, thick ink outlines, halftone dot shading, bold primary colors, dynamic composition, no speech bubbles',
      edit: 'redraw it as comic book art with thick ink outlines, halftone shading and bold primary colors',
      video:
        'animated comic book panel, thick ink outlines, halftone shading, bold colors, dynamic camera',
    },
    negative: { image: 'photo, speech bubbles, text, watermark' },
    models: withCharacter(everyModel),
  },
  {
    id: 'luxury',
    category: 'product',
    name: { ru: 'Премиум', en: 'Luxury' },
    description: {
      ru: 'Тёмный фон, золото и мрамор, луч света на товаре.',
      en: 'A dark background, gold and marble, a spotlight on the product.',
    },
    prompt: {
      image:
        'luxury product photography, dark moody background, gold accents, black marble surface, dramatic spotlight, elegant reflections',
      edit: 'place it on black marble with gold accents and a dramatic spotlight on a dark background, keep the product unchanged',
      video:
        'luxury commercial, dark background, gold accents, black marble, dramatic spotlight, slow elegant orbit',
    },
    negative: { image: `cheap, cluttered, ${blurry}` },
    models: withScenes(everyModel),
  },
  {
    id: 'ugc-phone',
    category: 'photo',
    name: { ru: 'Снято на телефон', en: 'Phone snapshot' },
    description: {
      ru: 'Как обычное фото со смартфона: чуть наклонено, вспышка, повседневная обстановка.',
      en: 'An ordinary smartphone photo: slightly tilted, flash, an everyday setting.',
    },
    prompt: {
      image:
        'casual smartphone photo, user generated content, slightly tilted framing, on-camera flash, everyday setting, slight noise, candid',
      edit: 'make it look like a casual smartphone snapshot with on-camera flash, slightly tilted framing and an everyday setting',
      video:
        'vertical smartphone video, handheld selfie style, casual everyday setting, natural light, slight shake',
    },
    negative: { image: 'studio lighting, professional, retouched, watermark' },
    models: withCharacter(everyModel),
  },
];

/** A style by its id. */
export function getStyle(id: string): StyleDefinition | undefined {
  return styles.find((style) => style.id === id);
}

/** Whether the style may be used with the model (the studio offers only those). */
export function styleSuits(style: StyleDefinition, modelId: string): boolean {
  return style.models.includes(modelId);
}

/** The styles a model can use, in the catalogue's order. */
export function stylesFor(modelId: string): StyleDefinition[] {
  return styles.filter((style) => styleSuits(style, modelId));
}

/**
 * The prompt as a model reads it with a style: the style's words after the person's, and its
 * negative words after the person's negative prompt (only for a model that takes one).
 */
export function styledPrompt(
  style: StyleDefinition,
  model: Pick<ModelDefinition, 'id' | 'type'>,
  prompt: string,
  negative?: string,
): { prompt: string; negative: string | undefined } {
  const family = styleFamily(model);
  const words = style.prompt[family];
  const trimmed = prompt.trim().replace(/[\s.,;]+$/u, '');
  const extra = style.negative?.[family];
  const person = negative?.trim();
  return {
    prompt: trimmed ? `${trimmed}, ${words}` : words,
    negative: extra ? (person ? `${person}, ${extra}` : extra) : person || undefined,
  };
}
