import { z } from 'zod';
import {
  clampRatio,
  fitArea,
  fitLongSide,
  fitShortSide,
  parseAspectRatio,
  type Size,
} from './geometry.ts';
import type { Outpaint, PictureRef, ToolJob } from './tool-jobs.ts';

export type ImageFormat = 'jpg' | 'png' | 'webp';

/** Reference pictures given (issue #47), shown on every output in the order sent. */
type References = { references?: readonly PictureRef[] };
/**
 * A trained LoRA the render uses (trained-lora.ts): its pictures are the references, and its
 * trigger word is drawn as a band when the prompt used it.
 */
type TrainedLora = { triggerWord: string; triggered: boolean };
type ImagePlan = {
  kind: 'image';
  size: Size;
  format: ImageFormat;
  count: number;
  lora?: TrainedLora;
} & References;
/**
 * A video that starts on one picture and ends on another (issue #48): Seedance's first-frame
 * `image` with its `last_frame_image`.
 */
export type VideoFrames = { first: PictureRef; last: PictureRef };
/** `size` is what the real model would output; the emulator renders a smaller copy. */
type VideoPlan = {
  kind: 'video';
  size: Size;
  durationSec: number;
  audio: boolean;
  frames?: VideoFrames;
  /**
   * A talking character (OmniHuman): the recording it speaks. The video lasts as long as the
   * recording (measured when rendered, `durationSec` is then only the plan's guess) and carries it
   * as its sound, its waveform drawn over the picture.
   */
  speech?: PictureRef;
} & References;
type TextPlan = { kind: 'text' };
/** A finishing tool run for real on its input picture. */
type ToolPlan = { kind: 'tool'; job: ToolJob };
export type RenderPlan = ImagePlan | VideoPlan | TextPlan | ToolPlan;

/** Output schema of the model: one URI, an array of URIs, or LLM tokens. */
type OutputShape = 'uri' | 'uri-array' | 'tokens';

/** Reads the pixel size of an input image (URL or data URI); undefined when it cannot. */
export type ImageProbe = (url: string) => Promise<Size | undefined>;

export type InvalidField = { field: string; description: string };

type PrepareResult =
  | {
      ok: true;
      /** What the poster or the translator renders. */
      prompt: string;
      /** The text scanned for `#fail`, `#slow` and the like: the prompt-like inputs. */
      switches: string;
      /** Deferred so that probing an input image happens while the prediction runs. */
      plan: (probe: ImageProbe) => Promise<RenderPlan>;
    }
  | { ok: false; invalidFields: InvalidField[] };

type ModelKind = 'image' | 'video' | 'text';

export type EmulatedModel = {
  /** `owner/name` */
  ref: string;
  /** Official models report `"hidden"`; community models a 64-hex version id. */
  version: string;
  /** Official models are created by name; community ones only by version. */
  official: boolean;
  kind: ModelKind;
  output: OutputShape;
  /** Validates `input` against the model's Input schema; no I/O. */
  prepare(input: unknown): PrepareResult;
};

type ModelDefinition<S extends z.ZodType<object>> = {
  ref: string;
  version?: string;
  kind: ModelKind;
  output: OutputShape;
  input: S;
  plan(input: z.output<S>, probe: ImageProbe): RenderPlan | Promise<RenderPlan>;
  /** The prompt-like text of the input (may be empty); `input.prompt` when not given. */
  promptOf?: (input: z.output<S>) => string;
};

/** Fragments (`…#fail`) of the URL inputs: switches for tools that take no prompt. */
function urlFragments(input: object): string {
  return Object.values(input)
    .filter((value): value is string => typeof value === 'string')
    .filter((value) => /^(https?:|data:)/i.test(value) && value.includes('#'))
    .map((value) => value.slice(value.indexOf('#')))
    .join(' ');
}

/**
 * `input` checked against a model's (or the trainer's) Input schema, each problem an invalid field
 * named `input.<path>` as Replicate names them; an input a strict schema does not know is one too.
 */
export function validateInput<S extends z.ZodType<object>>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; invalidFields: InvalidField[] } {
  const parsed = schema.safeParse(input, {
    // Replicate's wording for a missing required field.
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined
        ? `${String(issue.path?.at(-1) ?? 'input')} is required`
        : undefined,
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const field = (path: readonly PropertyKey[]) => ['input', ...path.map(String)].join('.');
  return {
    ok: false,
    invalidFields: parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({
            field: field([...issue.path, key]),
            description: `Additional properties are not allowed ('${key}' was unexpected)`,
          }))
        : [{ field: field(issue.path), description: issue.message }],
    ),
  };
}

export function defineModel<S extends z.ZodType<object>>(
  definition: ModelDefinition<S>,
): EmulatedModel {
  const promptOf =
    definition.promptOf ??
    ((input: z.output<S>) => {
      const value: unknown = (input as { prompt?: unknown }).prompt;
      return typeof value === 'string' ? value : '';
    });
  return {
    ref: definition.ref,
    version: definition.version ?? 'hidden',
    official: definition.version === undefined,
    kind: definition.kind,
    output: definition.output,
    prepare(input) {
      const parsed = validateInput(definition.input, input);
      if (!parsed.ok) return parsed;
      const data = parsed.data;
      const prompt = promptOf(data);
      return {
        ok: true,
        prompt,
        switches: [prompt, urlFragments(data)].filter(Boolean).join(' '),
        plan: async (probe) => definition.plan(data, probe),
      };
    },
  };
}

const prompt = z.string().min(1, 'prompt must not be empty');
const seed = z.int().nullable().optional();
const uri = z.string().min(1).nullable().optional();

function ratioOr(value: string, fallback: number): number {
  return parseAspectRatio(value) ?? fallback;
}

async function probedRatio(
  url: string | null | undefined,
  probe: ImageProbe,
): Promise<number | undefined> {
  if (!url) return undefined;
  const size = await probe(url);
  return size ? clampRatio(size.width / size.height) : undefined;
}

const ONE_MEGAPIXEL = 1024 * 1024;

/** An input list of picture URLs as the references a render shows, each named by its place. */
function referencesOf(field: string, urls: readonly string[] | undefined): References {
  return urls && urls.length > 0
    ? { references: urls.map((url, i) => ({ url, field: `${field}[${i}]` })) }
    : {};
}

const seedream3 = defineModel({
  ref: 'bytedance/seedream-3',
  kind: 'image',
  output: 'uri',
  input: z.looseObject({
    prompt,
    aspect_ratio: z
      .enum(['1:1', '3:4', '4:3', '16:9', '9:16', '2:3', '3:2', '21:9', 'custom'])
      .default('16:9'),
    size: z.enum(['small', 'regular', 'big']).default('regular'),
    width: z.int().min(512).max(2048).default(2048),
    height: z.int().min(512).max(2048).default(2048),
    guidance_scale: z.number().min(1).max(10).optional(),
    seed,
  }),
  plan(input) {
    const format = 'jpg';
    if (input.aspect_ratio === 'custom') {
      return {
        kind: 'image',
        format,
        count: 1,
        size: { width: input.width, height: input.height },
      };
    }
    const ratio = ratioOr(input.aspect_ratio, 16 / 9);
    const size =
      input.size === 'small'
        ? fitShortSide(ratio, 512, 16)
        : input.size === 'big'
          ? fitLongSide(ratio, 2048, 16)
          : fitArea(ratio, ONE_MEGAPIXEL);
    return { kind: 'image', format, count: 1, size };
  },
});

const imagen4Ultra = defineModel({
  ref: 'google/imagen-4-ultra',
  kind: 'image',
  output: 'uri',
  input: z.looseObject({
    prompt,
    aspect_ratio: z.enum(['1:1', '9:16', '16:9', '3:4', '4:3']).default('1:1'),
    safety_filter_level: z
      .enum(['block_low_and_above', 'block_medium_and_above', 'block_only_high'])
      .optional(),
    output_format: z.enum(['jpg', 'png']).default('jpg'),
    image_size: z.enum(['1K', '2K']).default('1K'),
  }),
  plan(input) {
    const longSide = input.image_size === '2K' ? 2048 : 1024;
    return {
      kind: 'image',
      format: input.output_format,
      count: 1,
      size: fitLongSide(ratioOr(input.aspect_ratio, 1), longSide, 16),
    };
  },
});

const fluxKontextPro = defineModel({
  ref: 'black-forest-labs/flux-kontext-pro',
  kind: 'image',
  output: 'uri',
  input: z.looseObject({
    prompt,
    input_image: uri,
    aspect_ratio: z
      .enum([
        'match_input_image',
        '1:1',
        '16:9',
        '9:16',
        '4:3',
        '3:4',
        '3:2',
        '2:3',
        '4:5',
        '5:4',
        '21:9',
        '9:21',
        '2:1',
        '1:2',
      ])
      .default('match_input_image'),
    output_format: z.enum(['jpg', 'png']).default('png'),
    safety_tolerance: z.int().min(0).max(6).optional(),
    prompt_upsampling: z.boolean().optional(),
    seed,
  }),
  async plan(input, probe) {
    const ratio =
      input.aspect_ratio === 'match_input_image'
        ? ((await probedRatio(input.input_image, probe)) ?? 1)
        : ratioOr(input.aspect_ratio, 1);
    return {
      kind: 'image',
      format: input.output_format,
      count: 1,
      size: fitArea(ratio, ONE_MEGAPIXEL),
    };
  },
});

/** qwen-image's native resolutions when optimising for quality. */
const QWEN_QUALITY_SIZES: Record<string, Size> = {
  '1:1': { width: 1328, height: 1328 },
  '16:9': { width: 1664, height: 928 },
  '9:16': { width: 928, height: 1664 },
  '4:3': { width: 1472, height: 1104 },
  '3:4': { width: 1104, height: 1472 },
  '3:2': { width: 1584, height: 1056 },
  '2:3': { width: 1056, height: 1584 },
};

const qwenImage = defineModel({
  ref: 'qwen/qwen-image',
  kind: 'image',
  output: 'uri-array',
  input: z.looseObject({
    prompt,
    aspect_ratio: z.enum(['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3']).default('16:9'),
    image_size: z
      .enum(['optimize_for_quality', 'optimize_for_speed'])
      .default('optimize_for_quality'),
    image: uri,
    strength: z.number().min(0).max(1).optional(),
    guidance: z.number().min(0).max(10).optional(),
    num_inference_steps: z.int().min(1).max(50).optional(),
    go_fast: z.boolean().optional(),
    output_format: z.enum(['webp', 'jpg', 'png']).default('webp'),
    output_quality: z.int().min(0).max(100).optional(),
    enhance_prompt: z.boolean().optional(),
    negative_prompt: z.string().optional(),
    seed,
    disable_safety_checker: z.boolean().optional(),
  }),
  plan(input) {
    const ratio = ratioOr(input.aspect_ratio, 16 / 9);
    const size =
      input.image_size === 'optimize_for_quality'
        ? (QWEN_QUALITY_SIZES[input.aspect_ratio] ?? fitArea(ratio, 1328 * 1328))
        : fitArea(ratio, ONE_MEGAPIXEL);
    return { kind: 'image', format: input.output_format, count: 1, size };
  },
});

/** Seedream 4's sizes: the long side of 1K, 2K and 4K. */
const SEEDREAM4_SIDE: Record<string, number> = { '1K': 1024, '2K': 2048, '4K': 4096 };

const seedream4 = defineModel({
  ref: 'bytedance/seedream-4',
  kind: 'image',
  output: 'uri-array',
  input: z
    .looseObject({
      prompt,
      image_input: z.array(z.string().min(1)).max(10).default([]),
      size: z.enum(['1K', '2K', '4K', 'custom']).default('2K'),
      aspect_ratio: z
        .enum(['match_input_image', '1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9'])
        .default('match_input_image'),
      width: z.int().min(1024).max(4096).default(2048),
      height: z.int().min(1024).max(4096).default(2048),
      sequential_image_generation: z.enum(['disabled', 'auto']).default('disabled'),
      max_images: z.int().min(1).max(15).default(1),
      enhance_prompt: z.boolean().default(true),
    })
    .superRefine((input, context) => {
      if (input.image_input.length + input.max_images > 15) {
        context.addIssue({
          code: 'custom',
          path: ['max_images'],
          message: 'the number of input images plus generated images must not exceed 15',
        });
      }
    }),
  async plan(input, probe) {
    const references = referencesOf('image_input', input.image_input);
    const count = input.sequential_image_generation === 'auto' ? input.max_images : 1;
    if (input.size === 'custom') {
      return {
        kind: 'image',
        format: 'jpg',
        count,
        size: { width: input.width, height: input.height },
        ...references,
      };
    }
    const ratio =
      input.aspect_ratio === 'match_input_image'
        ? ((await probedRatio(input.image_input[0], probe)) ?? 1)
        : ratioOr(input.aspect_ratio, 1);
    const side = SEEDREAM4_SIDE[input.size] ?? 2048;
    return {
      kind: 'image',
      format: 'jpg',
      count,
      size: fitLongSide(ratio, side, 16),
      ...references,
    };
  },
});

const nanoBanana = defineModel({
  ref: 'google/nano-banana',
  kind: 'image',
  output: 'uri',
  input: z.looseObject({
    prompt,
    image_input: z.array(z.string().min(1)).default([]),
    aspect_ratio: z
      .enum([
        'match_input_image',
        '1:1',
        '2:3',
        '3:2',
        '3:4',
        '4:3',
        '4:5',
        '5:4',
        '9:16',
        '16:9',
        '21:9',
      ])
      .default('match_input_image'),
    output_format: z.enum(['jpg', 'png']).default('jpg'),
  }),
  async plan(input, probe) {
    const ratio =
      input.aspect_ratio === 'match_input_image'
        ? ((await probedRatio(input.image_input[0], probe)) ?? 1)
        : ratioOr(input.aspect_ratio, 1);
    return {
      kind: 'image',
      format: input.output_format,
      count: 1,
      size: fitArea(ratio, ONE_MEGAPIXEL),
      ...referencesOf('image_input', input.image_input),
    };
  },
});

const fluxDev = defineModel({
  ref: 'black-forest-labs/flux-dev',
  kind: 'image',
  output: 'uri-array',
  input: z.looseObject({
    prompt,
    aspect_ratio: z
      .enum(['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'])
      .default('1:1'),
    image: uri,
    prompt_strength: z.number().min(0).max(1).optional(),
    num_outputs: z.int().min(1).max(4).default(1),
    num_inference_steps: z.int().min(1).max(50).optional(),
    guidance: z.number().min(0).max(10).optional(),
    megapixels: z.enum(['1', '0.25']).default('1'),
    output_format: z.enum(['webp', 'jpg', 'png']).default('webp'),
    output_quality: z.int().min(0).max(100).optional(),
    go_fast: z.boolean().optional(),
    disable_safety_checker: z.boolean().optional(),
    seed,
  }),
  async plan(input, probe) {
    // With an input image the output takes that image's aspect ratio.
    const ratio = (await probedRatio(input.image, probe)) ?? ratioOr(input.aspect_ratio, 1);
    const area = input.megapixels === '0.25' ? ONE_MEGAPIXEL / 4 : ONE_MEGAPIXEL;
    return {
      kind: 'image',
      format: input.output_format,
      count: input.num_outputs,
      size: fitArea(ratio, area),
    };
  },
});

export const HUNYUAN_VIDEO_VERSION =
  '6c9132aee14409cd6568d030453f1ba50f5f3412b844fe67f78a9eb62d55664f';

const hunyuanVideo = defineModel({
  ref: 'tencent/hunyuan-video',
  kind: 'video',
  version: HUNYUAN_VIDEO_VERSION,
  output: 'uri',
  input: z.looseObject({
    prompt,
    width: z.int().min(16).max(1280).multipleOf(16).default(864),
    height: z.int().min(16).max(1280).multipleOf(16).default(480),
    video_length: z
      .int()
      .min(1)
      .max(200)
      .refine((frames) => frames % 4 === 1, 'video_length must be 4k+1 (e.g. 49 or 129)')
      .default(129),
    infer_steps: z.int().min(1).optional(),
    embedded_guidance_scale: z.number().min(1).max(10).optional(),
    fps: z.int().min(1).default(24),
    seed,
  }),
  plan(input) {
    return {
      kind: 'video',
      size: { width: input.width, height: input.height },
      durationSec: input.video_length / input.fps,
      audio: false,
    };
  },
});

const RESOLUTION_SHORT_SIDE: Record<string, number> = { '480p': 480, '720p': 720, '1080p': 1080 };

function seedance(ref: string, defaultResolution: '720p' | '1080p'): EmulatedModel {
  return defineModel({
    ref,
    kind: 'video',
    output: 'uri',
    input: z
      .looseObject({
        prompt,
        image: uri,
        last_frame_image: uri,
        reference_images: z.array(z.string()).min(1).max(4).optional(),
        duration: z.int().min(2).max(12).default(5),
        resolution: z.enum(['480p', '720p', '1080p']).default(defaultResolution),
        aspect_ratio: z.enum(['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', '9:21']).default('16:9'),
        fps: z.literal(24).default(24),
        camera_fixed: z.boolean().optional(),
        seed,
      })
      .superRefine((input, context) => {
        // The published schema takes last_frame_image only together with a first frame (`image`).
        if (input.last_frame_image && !input.image) {
          context.addIssue({
            code: 'custom',
            path: ['last_frame_image'],
            message: 'last_frame_image can only be used together with image (the first frame)',
          });
        }
        // "Reference images cannot be used with 1080p resolution or first frame or last frame images."
        if (
          input.reference_images &&
          (input.image || input.last_frame_image || input.resolution === '1080p')
        ) {
          context.addIssue({
            code: 'custom',
            path: ['reference_images'],
            message:
              'reference_images cannot be used with 1080p resolution or first frame or last frame images',
          });
        }
      }),
    async plan(input, probe) {
      // aspect_ratio is ignored when a first frame is given.
      const ratio = (await probedRatio(input.image, probe)) ?? ratioOr(input.aspect_ratio, 16 / 9);
      return {
        kind: 'video',
        size: fitShortSide(ratio, RESOLUTION_SHORT_SIDE[input.resolution] ?? 720, 2),
        durationSec: input.duration,
        audio: false,
        // The video starts on its first frame; with a last frame it runs between the two, else it
        // stays on the first (so a clip continued from its last frame has no seam, ADR 047).
        ...(input.image
          ? {
              frames: {
                first: { url: input.image, field: 'image' },
                last: input.last_frame_image
                  ? { url: input.last_frame_image, field: 'last_frame_image' }
                  : { url: input.image, field: 'image' },
              },
            }
          : {}),
        ...referencesOf('reference_images', input.reference_images),
      };
    },
  });
}

/** A video given a start frame begins on it and stays on it (Veo's `image`). */
function startFrame(image: string | null | undefined) {
  return image
    ? { frames: { first: { url: image, field: 'image' }, last: { url: image, field: 'image' } } }
    : {};
}

function veo3(ref: string): EmulatedModel {
  return defineModel({
    ref,
    kind: 'video',
    output: 'uri',
    input: z.looseObject({
      prompt,
      aspect_ratio: z.enum(['16:9', '9:16']).default('16:9'),
      duration: z.literal([4, 6, 8]).default(8),
      image: uri,
      negative_prompt: z.string().nullable().optional(),
      resolution: z.enum(['720p', '1080p']).default('1080p'),
      generate_audio: z.boolean().default(true),
      seed,
    }),
    plan(input) {
      return {
        kind: 'video',
        size: fitShortSide(
          ratioOr(input.aspect_ratio, 16 / 9),
          input.resolution === '720p' ? 720 : 1080,
          2,
        ),
        durationSec: input.duration,
        audio: input.generate_audio,
        ...startFrame(input.image),
      };
    },
  });
}

const veo2 = defineModel({
  ref: 'google/veo-2',
  kind: 'video',
  output: 'uri',
  input: z.looseObject({
    prompt,
    image: uri,
    aspect_ratio: z.enum(['16:9', '9:16']).default('16:9'),
    duration: z.literal([5, 6, 7, 8]).default(5),
    seed,
  }),
  plan(input) {
    return {
      kind: 'video',
      size: fitShortSide(ratioOr(input.aspect_ratio, 16 / 9), 720, 2),
      durationSec: input.duration,
      audio: false,
      ...startFrame(input.image),
    };
  },
});

/** The longest recording OmniHuman 1.5 takes ("must be less than 35 seconds"). */
export const OMNI_HUMAN_MAX_AUDIO_SEC = 35;

/**
 * ByteDance's OmniHuman 1.5 (`bytedance/omni-human-1.5`, version 83653e05): the person in `image`
 * speaks `audio`; `prompt` (optional) steers the scene, `fast_mode` trades effects for speed. The
 * emulator holds the picture for the recording's length, with the recording as its sound.
 */
const omniHuman = defineModel({
  ref: 'bytedance/omni-human-1.5',
  kind: 'video',
  output: 'uri',
  input: z.looseObject({
    image: z.string().min(1, 'image must not be empty'),
    audio: z.string().min(1, 'audio must not be empty'),
    prompt: z.string().nullable().optional(),
    seed,
    fast_mode: z.boolean().default(false),
  }),
  async plan(input, probe) {
    const ratio = (await probedRatio(input.image, probe)) ?? 1;
    return {
      kind: 'video',
      size: fitShortSide(ratio, 720, 2),
      durationSec: 1,
      audio: true,
      frames: {
        first: { url: input.image, field: 'image' },
        last: { url: input.image, field: 'image' },
      },
      speech: { url: input.audio, field: 'audio' },
    };
  },
});

/** Stand-in for the Replicate-hosted LLM that Kadr uses to translate prompts. */
export const TRANSLATOR_MODEL_REF = 'meta/meta-llama-3-8b-instruct';
/** Stand-in for the larger one Kadr's prompt improver uses (ADR 050); it translates as well. */
export const IMPROVER_MODEL_REF = 'meta/meta-llama-3-70b-instruct';

/**
 * A Llama 3 instruct model: the inputs its published schema lists (and `system_prompt`, which
 * older callers send). Each answers a translation, or — when its instructions carry Kadr's improver
 * mark (improver.ts) — a prompt improvement.
 */
function llama3Instruct(ref: string) {
  return defineModel({
    ref,
    kind: 'text',
    output: 'tokens',
    input: z.looseObject({
      prompt,
      system_prompt: z.string().optional(),
      max_tokens: z.int().min(1).optional(),
      min_tokens: z.int().min(0).optional(),
      temperature: z.number().min(0).max(5).optional(),
      top_p: z.number().min(0).max(1).optional(),
      top_k: z.int().optional(),
      presence_penalty: z.number().optional(),
      frequency_penalty: z.number().optional(),
      prompt_template: z.string().optional(),
    }),
    plan: () => ({ kind: 'text' }),
  });
}

// --- Finishing tools: run for real on the input picture (tools.ts) ---------------------------------

export const REAL_ESRGAN_VERSION =
  '42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b';

const optionalText = z.string().nullable().optional();

/** Bria's models take the picture as `image` (a file) or `image_url`: one of them is required. */
const briaImage = { image: uri, image_url: uri };

function requireOneOf<T extends Record<string, unknown>>(
  fields: readonly (keyof T & string)[],
  message: string,
) {
  return (value: T, context: z.RefinementCtx) => {
    const given = fields.some((field) => {
      const item = value[field];
      return typeof item === 'string' && item.trim() !== '';
    });
    if (!given) context.addIssue({ code: 'custom', path: [fields[0] ?? 'input'], message });
  };
}

function briaPicture(input: { image?: string | null; image_url?: string | null }): PictureRef {
  return input.image
    ? { url: input.image, field: 'image' }
    : { url: input.image_url ?? '', field: 'image_url' };
}

/** Both numbers of a `[w, h]` pair at least 1. */
const sizePair = z.tuple([z.int().min(1), z.int().min(1)]);

function pairToSize(pair: readonly [number, number] | null | undefined) {
  return pair ? { width: pair[0], height: pair[1] } : undefined;
}

function seedOf(value: number | null | undefined): number {
  return value ?? 0;
}

const realEsrgan = defineModel({
  ref: 'nightmareai/real-esrgan',
  version: REAL_ESRGAN_VERSION,
  kind: 'image',
  output: 'uri',
  input: z.looseObject({
    image: z.string().min(1, 'image must not be empty'),
    scale: z.number().min(0).max(10).default(4),
    face_enhance: z.boolean().default(false),
  }),
  promptOf: () => '',
  plan: (input) => ({
    kind: 'tool',
    job: {
      tool: 'upscale',
      format: 'png',
      image: { url: input.image, field: 'image' },
      scale: input.scale,
    },
  }),
});

const briaRemoveBackground = defineModel({
  ref: 'bria/remove-background',
  kind: 'image',
  output: 'uri',
  input: z
    .looseObject({
      ...briaImage,
      preserve_partial_alpha: z.boolean().default(true),
      content_moderation: z.boolean().default(false),
    })
    .superRefine(requireOneOf(['image', 'image_url'], 'image or image_url is required')),
  promptOf: () => '',
  plan: (input) => ({
    kind: 'tool',
    job: {
      tool: 'remove-background',
      format: 'png',
      image: briaPicture(input),
      preservePartialAlpha: input.preserve_partial_alpha,
    },
  }),
});

const briaGenerateBackground = defineModel({
  ref: 'bria/generate-background',
  kind: 'image',
  output: 'uri-array',
  input: z
    .looseObject({
      ...briaImage,
      bg_prompt: optionalText,
      ref_image_url: uri,
      ref_image_file: uri,
      negative_prompt: optionalText,
      refine_prompt: z.boolean().default(true),
      original_quality: z.boolean().default(false),
      content_moderation: z.boolean().default(false),
      seed,
      sync: z.boolean().optional(),
      fast: z.boolean().optional(),
      enhance_ref_image: z.boolean().optional(),
      force_rmbg: z.boolean().optional(),
    })
    .superRefine(requireOneOf(['image', 'image_url'], 'image or image_url is required'))
    .superRefine(
      requireOneOf(
        ['bg_prompt', 'ref_image_url', 'ref_image_file'],
        'bg_prompt or a reference image (ref_image_url or ref_image_file) is required',
      ),
    ),
  promptOf: (input) => input.bg_prompt ?? '',
  plan(input) {
    const reference = input.ref_image_file
      ? { url: input.ref_image_file, field: 'ref_image_file' }
      : input.ref_image_url
        ? { url: input.ref_image_url, field: 'ref_image_url' }
        : undefined;
    return {
      kind: 'tool',
      job: {
        tool: 'generate-background',
        format: 'png',
        image: briaPicture(input),
        prompt: input.bg_prompt ?? '',
        // A prompt describes the scene; a reference image is used only without one.
        reference: input.bg_prompt?.trim() ? undefined : reference,
        originalQuality: input.original_quality,
        seed: seedOf(input.seed),
      },
    };
  },
});

/** Bria's canvas holds at most 5000 × 5000 pixels. */
const MAX_CANVAS_PIXELS = 25_000_000;

const briaExpandImage = defineModel({
  ref: 'bria/expand-image',
  kind: 'image',
  output: 'uri',
  input: z
    .looseObject({
      ...briaImage,
      aspect_ratio: z
        .enum(['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9'])
        .nullable()
        .optional(),
      canvas_size: sizePair
        .refine(
          ([w, h]) => w * h <= MAX_CANVAS_PIXELS,
          'canvas_size must be at most 5000x5000 pixels in area',
        )
        .default([1000, 1000]),
      original_image_size: sizePair
        .refine(
          ([w, h]) => w * h <= MAX_CANVAS_PIXELS,
          'original_image_size must be at most 5000x5000 pixels in area',
        )
        .nullable()
        .optional(),
      original_image_location: z.tuple([z.int(), z.int()]).nullable().optional(),
      prompt: optionalText,
      negative_prompt: optionalText,
      seed,
      sync: z.boolean().optional(),
      preserve_alpha: z.boolean().default(true),
      content_moderation: z.boolean().default(false),
    })
    .superRefine(requireOneOf(['image', 'image_url'], 'image or image_url is required')),
  plan(input) {
    const location = input.original_image_location;
    return {
      kind: 'tool',
      job: {
        tool: 'expand',
        format: 'png',
        image: briaPicture(input),
        // aspect_ratio takes precedence over the canvas fields.
        request: input.aspect_ratio
          ? { aspectRatio: ratioOr(input.aspect_ratio, 1) }
          : {
              canvas: { width: input.canvas_size[0], height: input.canvas_size[1] },
              originalSize: pairToSize(input.original_image_size),
              location: location ? { x: location[0], y: location[1] } : undefined,
            },
        prompt: input.prompt ?? '',
        preserveAlpha: input.preserve_alpha,
      },
    };
  },
});

const OUTPAINT_PRESETS = [
  'None',
  'Zoom out 1.5x',
  'Zoom out 2x',
  'Make square',
  'Left outpaint',
  'Right outpaint',
  'Top outpaint',
  'Bottom outpaint',
] as const satisfies readonly Outpaint[];

const fluxFillPro = defineModel({
  ref: 'black-forest-labs/flux-fill-pro',
  kind: 'image',
  output: 'uri',
  input: z.looseObject({
    prompt: optionalText,
    image: z.string().min(1, 'image must not be empty'),
    mask: uri,
    outpaint: z.enum(OUTPAINT_PRESETS).default('None'),
    seed,
    steps: z.int().min(1).max(50).default(50),
    prompt_upsampling: z.boolean().default(false),
    guidance: z.number().min(2).max(5).default(3),
    safety_tolerance: z.int().min(1).max(6).default(2),
    output_format: z.enum(['jpg', 'png']).default('jpg'),
  }),
  plan(input) {
    const image = { url: input.image, field: 'image' };
    const prompt = input.prompt ?? '';
    if (input.outpaint !== 'None') {
      // An outpaint preset extends the canvas; the mask is ignored.
      return {
        kind: 'tool',
        job: {
          tool: 'expand',
          format: input.output_format,
          image,
          request: { outpaint: input.outpaint },
          prompt,
          preserveAlpha: true,
        },
      };
    }
    return {
      kind: 'tool',
      job: {
        tool: 'fill',
        format: input.output_format,
        image,
        mask: input.mask ? { url: input.mask, field: 'mask' } : undefined,
        prompt,
        seed: seedOf(input.seed),
      },
    };
  },
});

// --- Training: ostris/flux-dev-lora-trainer (trainer.ts), its versions run as trained-lora.ts -----

export const FLUX_LORA_TRAINER_REF = 'ostris/flux-dev-lora-trainer';
export const FLUX_LORA_TRAINER_VERSION =
  'e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497';

const EMULATED_MODELS: readonly EmulatedModel[] = [
  seedream3,
  imagen4Ultra,
  fluxKontextPro,
  qwenImage,
  seedream4,
  nanoBanana,
  fluxDev,
  hunyuanVideo,
  seedance('bytedance/seedance-1-pro', '1080p'),
  seedance('bytedance/seedance-1-lite', '720p'),
  veo3('google/veo-3'),
  veo3('google/veo-3-fast'),
  veo2,
  omniHuman,
  llama3Instruct(TRANSLATOR_MODEL_REF),
  llama3Instruct(IMPROVER_MODEL_REF),
  realEsrgan,
  briaRemoveBackground,
  briaGenerateBackground,
  briaExpandImage,
  fluxFillPro,
];

const BY_REF = new Map(EMULATED_MODELS.map((model) => [model.ref, model]));

export function findModelByRef(ref: string): EmulatedModel | undefined {
  return BY_REF.get(ref);
}

/**
 * Resolves the `version` field of `POST /v1/predictions`: a bare 64-hex id, `owner/name:id`,
 * or `owner/name` of an official model.
 */
export function findModelByVersion(version: string): EmulatedModel | undefined {
  const [ref, id] = version.includes(':') ? version.split(':', 2) : [undefined, version];
  if (ref !== undefined) {
    const model = BY_REF.get(ref);
    return model && model.version === id ? model : undefined;
  }
  if (id === undefined) return undefined;
  if (/^[0-9a-f]{64}$/.test(id)) {
    return EMULATED_MODELS.find((model) => model.version === id);
  }
  const model = BY_REF.get(id);
  return model?.official ? model : undefined;
}
