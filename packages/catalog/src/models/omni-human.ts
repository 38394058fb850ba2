import { acceptedAudioTypes, recordingMaxSeconds } from '../audio.ts';
import { acceptedImageTypes } from '../images.ts';
import type { ModelDefinition } from '../types.ts';
import { demoImages, seed } from './common.ts';

/**
 * A talking character (issue #48, ADR 049): ByteDance's OmniHuman 1.5 on Replicate makes the person
 * in a picture speak a recording — lips, face and gestures in time with it. Its published schema
 * (version 83653e05): `image`, `audio` (under 35 s), an optional `prompt`, `seed`, `fast_mode`.
 */
export const omniHuman: ModelDefinition = {
  id: 'omni-human',
  type: 'video',
  name: 'OmniHuman 1.5',
  description: {
    en: 'A talking character: the person in your picture speaks your recording, lips, face and gestures in time.',
    ru: 'Говорящий персонаж: человек с вашей картинки произносит вашу запись — губы, мимика и жесты в такт речи.',
  },
  provider: {
    ref: { model: 'bytedance/omni-human-1.5' },
    inputs: ['image', 'audio', 'prompt', 'seed', 'fast_mode'],
  },
  prompt: 'optional',
  parameters: [
    {
      name: 'image',
      type: 'file',
      label: { en: 'Who speaks', ru: 'Кто говорит' },
      description: {
        en: 'A picture with a face: a portrait, a character, a product mascot',
        ru: 'Картинка с лицом: портрет, персонаж, маскот товара',
      },
      accept: acceptedImageTypes,
      required: true,
      default: null,
      order: 1,
      group: 'basic',
    },
    {
      name: 'audio',
      type: 'file',
      label: { en: 'Recording', ru: 'Запись' },
      description: {
        en: `What they say: MP3, WAV, M4A or Ogg, 1 to ${recordingMaxSeconds} seconds. The video lasts as long as the recording`,
        ru: `Что он скажет: MP3, WAV, M4A или Ogg, от 1 до ${recordingMaxSeconds} секунд. Видео длится столько же, сколько запись`,
      },
      accept: acceptedAudioTypes,
      required: true,
      default: null,
      order: 2,
      group: 'basic',
    },
    {
      name: 'fast_mode',
      type: 'boolean',
      label: { en: 'Fast mode', ru: 'Быстрый режим' },
      description: {
        en: 'Sooner, with simpler motion',
        ru: 'Быстрее, но движения проще',
      },
      default: false,
      order: 3,
      group: 'advanced',
    },
    seed({ order: 4 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['mp4'],
  typicalSeconds: { min: 60, max: 300 },
  demoImages: demoImages('omni-human'),
  maxOutputs: 1,
  // Per second of the video, which is as long as the recording (ADR 049).
  price: { kind: 'per-second', tokensPerSecond: 16 },
  imageParam: 'image',
  speech: { audioParam: 'audio', maxSeconds: recordingMaxSeconds },
};
