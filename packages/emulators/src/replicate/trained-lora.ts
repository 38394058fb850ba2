import type { OverlayOptions } from 'sharp';
import { z } from 'zod';
import type { Size } from './geometry.ts';
import { InputError } from './inputs.ts';
import { escapeXml } from './media.ts';
import { defineModel, type EmulatedModel, type ImageProbe } from './models.ts';
import { referenceSlots } from './references.ts';

/**
 * A version that `ostris/flux-dev-lora-trainer` made (trainings.ts), run as FLUX.1 [dev] with its
 * LoRA; its inputs are the trainer's predict.py (replicate/flux-fine-tuner). The emulator cannot
 * learn a face, so it shows what the training gave it: the training's pictures as thumbnails, laid
 * out as reference pictures are (references.ts), and — only when the prompt holds the trigger word —
 * a band with that word along the bottom. A test (or a person in demo mode) so sees that the trained
 * pictures and the trigger word reached the model.
 */

/** What a trained version needs to run, kept in `storageDir` so it outlives a restart. */
export type TrainedVersion = {
  /** The 64-hex version id. */
  id: string;
  /** `owner/name` of the destination model it is a version of. */
  destination: string;
  triggerWord: string;
  trainingId: string;
  createdAt: string;
  /** Pictures the training read from its zip; `thumbnails` holds the first of them. */
  pictures: number;
  /** Small JPEGs as `data:` URIs, in the zip's name order: what every output shows. */
  thumbnails: string[];
};

/** At most this many of a training's pictures are shown (two rows on a square output). */
export const TRAINED_THUMBNAILS_MAX = 10;

/** The trigger-word band's colour: no poster background comes near a saturated magenta. */
export const TRIGGER_MARK_RGB: readonly [number, number, number] = [255, 0, 204];

function bandHeight(size: Size): number {
  return Math.max(12, Math.round(Math.min(size.width, size.height) * 0.08));
}

/**
 * Where a trained version's output shows what it was trained on: `thumbnails`, one slot per shown
 * picture (the training's first `TRAINED_THUMBNAILS_MAX`, in the zip's name order), and `trigger`,
 * a square of the trigger-word band that is plain `TRIGGER_MARK_RGB` when the prompt held the
 * trigger word (the word is written to its left) and the poster's background otherwise.
 */
export function trainedLoraMarks(
  size: Size,
  pictures: number,
): {
  thumbnails: { left: number; top: number; side: number }[];
  trigger: { left: number; top: number; width: number; height: number };
} {
  const band = bandHeight(size);
  return {
    thumbnails: referenceSlots(size, Math.min(pictures, TRAINED_THUMBNAILS_MAX)),
    trigger: { left: size.width - band, top: size.height - band, width: band, height: band },
  };
}

/** The band along the bottom of an output: the trigger word in white, a plain square at its end. */
export function triggerMarkLayer(size: Size, triggerWord: string): OverlayOptions {
  const band = bandHeight(size);
  const fontSize = Math.max(8, Math.round(band * 0.6));
  const room = Math.max(1, Math.floor((size.width - band * 1.5) / (fontSize * 0.6)));
  const text = triggerWord.length > room ? `${triggerWord.slice(0, room - 1)}…` : triggerWord;
  const [r, g, b] = TRIGGER_MARK_RGB;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${band}">` +
    `<rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>` +
    `<text x="${Math.round(band / 4)}" y="${Math.round(band * 0.72)}" font-family="sans-serif" font-size="${fontSize}" fill="#fff">${escapeXml(text)}</text>` +
    '</svg>';
  return { input: Buffer.from(svg), left: 0, top: size.height - band };
}

/** Whether the prompt holds the trigger word as written, as a word of its own (`TOK,` but not `TOKEN`). */
function usesTriggerWord(prompt: string, triggerWord: string): boolean {
  const word = triggerWord.trim();
  if (word === '') return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'u').test(prompt);
}

/** predict.py's sizes for each aspect ratio, about one megapixel. */
const ASPECT_RATIOS: Record<string, Size> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1344, height: 768 },
  '21:9': { width: 1536, height: 640 },
  '3:2': { width: 1216, height: 832 },
  '2:3': { width: 832, height: 1216 },
  '4:5': { width: 896, height: 1088 },
  '5:4': { width: 1088, height: 896 },
  '3:4': { width: 896, height: 1152 },
  '4:3': { width: 1152, height: 896 },
  '9:16': { width: 768, height: 1344 },
  '9:21': { width: 640, height: 1536 },
};

const ASPECT_RATIO_NAMES = Object.keys(ASPECT_RATIOS) as [string, ...string[]];

const optionalText = z.string().nullable().optional();
const side = z.int().min(256).max(1440).nullable().optional();

const trainedLoraInput = z.looseObject({
  prompt: z.string().min(1, 'prompt must not be empty'),
  image: z.string().min(1).nullable().optional(),
  mask: z.string().min(1).nullable().optional(),
  aspect_ratio: z.enum([...ASPECT_RATIO_NAMES, 'custom']).default('1:1'),
  width: side,
  height: side,
  num_outputs: z.int().min(1).max(4).default(1),
  lora_scale: z.number().min(-1).max(2).default(1),
  num_inference_steps: z.int().min(1).max(50).default(28),
  model: z.enum(['dev', 'schnell']).default('dev'),
  guidance_scale: z.number().min(0).max(10).default(3.5),
  prompt_strength: z.number().min(0).max(1).default(0.8),
  seed: z.int().nullable().optional(),
  extra_lora: optionalText,
  extra_lora_scale: z.number().min(-1).max(2).default(1),
  output_format: z.enum(['webp', 'jpg', 'png']).default('webp'),
  output_quality: z.int().min(0).max(100).default(90),
  replicate_weights: optionalText,
  disable_safety_checker: z.boolean().default(false),
  go_fast: z.boolean().default(false),
  megapixels: z.enum(['1', '0.25']).default('1'),
});

function multipleOf16(n: number): number {
  return Math.max(16, Math.ceil(n / 16) * 16);
}

/** As predict.py sizes it: an input image's own size (to multiples of 16), else the aspect ratio. */
async function outputSize(
  input: z.output<typeof trainedLoraInput>,
  probe: ImageProbe,
): Promise<Size> {
  const given = input.image ? await probe(input.image) : undefined;
  if (given) return { width: multipleOf16(given.width), height: multipleOf16(given.height) };
  if (input.aspect_ratio === 'custom') {
    if (!input.width || !input.height) {
      // predict.py raises this while running, not when the prediction is created.
      throw new InputError(
        "Prediction failed: width and height must be defined if aspect ratio is 'custom'",
      );
    }
    return { width: multipleOf16(input.width), height: multipleOf16(input.height) };
  }
  const size = ASPECT_RATIOS[input.aspect_ratio] ?? { width: 1024, height: 1024 };
  return input.megapixels === '0.25'
    ? { width: multipleOf16(size.width / 2), height: multipleOf16(size.height / 2) }
    : size;
}

/** The trained version as a model `POST /v1/predictions` runs by its version id. */
export function trainedLoraModel(version: TrainedVersion): EmulatedModel {
  return defineModel({
    ref: version.destination,
    version: version.id,
    kind: 'image',
    output: 'uri-array',
    input: trainedLoraInput,
    async plan(input, probe) {
      return {
        kind: 'image',
        format: input.output_format,
        count: input.num_outputs,
        size: await outputSize(input, probe),
        references: version.thumbnails
          .slice(0, TRAINED_THUMBNAILS_MAX)
          .map((url, i) => ({ url, field: `trained picture ${i + 1}` })),
        lora: {
          triggerWord: version.triggerWord,
          triggered: usesTriggerWord(input.prompt, version.triggerWord),
        },
      };
    },
  });
}
