import { z } from 'zod';
import { type InvalidField, validateInput } from './models.ts';

/**
 * `ostris/flux-dev-lora-trainer`'s inputs as its train.py (replicate/flux-fine-tuner) declares
 * them. Strict: an input it does not take is refused, so a misspelt setting is seen at once rather
 * than silently trained without. Of the W&B and Hugging Face inputs only these three are taken (and
 * ignored): the emulator uploads nowhere.
 */
const OPTIMIZERS = [
  'prodigy',
  'adam8bit',
  'adamw8bit',
  'lion8bit',
  'adam',
  'adamw',
  'lion',
  'adagrad',
  'adafactor',
] as const;

const optionalText = z.string().nullable().optional();

const trainerInput = z.strictObject({
  input_images: z
    .string()
    .regex(/^(https?:\/\/|data:)/i, 'input_images must be the URL of a zip file'),
  trigger_word: z.string().default('TOK'),
  autocaption: z.boolean().default(true),
  autocaption_prefix: optionalText,
  autocaption_suffix: optionalText,
  steps: z.int().min(3).max(6000).default(1000),
  lora_rank: z.int().min(1).max(128).default(16),
  optimizer: z.enum(OPTIMIZERS).default('adamw8bit'),
  batch_size: z.int().min(1).default(1),
  resolution: z.string().default('512,768,1024'),
  caption_dropout_rate: z.number().min(0).max(1).default(0.05),
  cache_latents_to_disk: z.boolean().default(false),
  learning_rate: z.number().default(0.0004),
  hf_repo_id: optionalText,
  hf_token: optionalText,
  skip_training_and_use_pretrained_hf_lora_url: optionalText,
});

export type TrainerInput = z.output<typeof trainerInput>;

/**
 * The trainer's input checked, or the invalid fields for a 422 as predictions answer. `switches`
 * is where `#fail` and `#slow` are looked for: the captions' prefix, the one free text Kadr sends.
 */
export function prepareTraining(
  input: unknown,
):
  | { ok: true; input: TrainerInput; switches: string }
  | { ok: false; invalidFields: InvalidField[] } {
  const parsed = validateInput(trainerInput, input);
  if (!parsed.ok) return parsed;
  return { ok: true, input: parsed.data, switches: parsed.data.autocaption_prefix ?? '' };
}

/** train.py's `resolution` as numbers, or undefined where `int()` would fail on it. */
export function parseResolution(resolution: string): number[] | undefined {
  const sides = resolution.split(',').map((side) => side.trim());
  return sides.every((side) => /^\d+$/.test(side)) ? sides.map(Number) : undefined;
}

/** train.py tars its job folder: these paths are what a trained_model.tar holds. */
const JOB_DIR = 'output/flux_train_replicate';

/** A ustar header block for one entry. */
function tarHeader(name: string, size: number, type: '0' | '5', mtime: number): Buffer {
  const header = Buffer.alloc(512);
  const octal = (value: number, width: number) =>
    `${Math.floor(value)
      .toString(8)
      .padStart(width - 1, '0')}\0`;
  header.write(name, 0, 100, 'utf8');
  header.write(octal(type === '5' ? 0o755 : 0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(mtime, 12), 136);
  header.fill(' ', 148, 156);
  header.write(type, 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** An uncompressed tar of the given files (folders first), as `tar -cf` writes one. */
function tarOf(folders: readonly string[], files: readonly { name: string; data: Buffer }[]) {
  const mtime = Date.now() / 1000;
  const blocks: Buffer[] = folders.map((name) => tarHeader(`${name}/`, 0, '5', mtime));
  for (const file of files) {
    blocks.push(tarHeader(file.name, file.data.length, '0', mtime), file.data);
    blocks.push(Buffer.alloc((512 - (file.data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/**
 * A valid safetensors file with no tensors: the 8-byte header length and a JSON header of metadata
 * only, so a tool that opens the LoRA finds a well-formed (empty) file rather than garbage.
 */
function placeholderSafetensors(metadata: Record<string, string>): Buffer {
  let header = JSON.stringify({ __metadata__: metadata });
  header = header.padEnd(Math.ceil(header.length / 8) * 8, ' ');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(Buffer.byteLength(header)));
  return Buffer.concat([length, Buffer.from(header)]);
}

/** The ai-toolkit job config train.py builds, as YAML (JSON strings are YAML scalars). */
function jobConfig(input: TrainerInput, resolution: readonly number[]): string {
  const text = (value: string) => JSON.stringify(value);
  return [
    'job: custom_job',
    'config:',
    '  name: flux_train_replicate',
    '  process:',
    '  - type: custom_sd_trainer',
    ...(input.trigger_word ? [`    trigger_word: ${text(input.trigger_word)}`] : []),
    `    network: {type: lora, linear: ${input.lora_rank}, linear_alpha: ${input.lora_rank}}`,
    '    datasets:',
    '    - folder_path: input_images',
    '      caption_ext: txt',
    `      caption_dropout_rate: ${input.caption_dropout_rate}`,
    `      cache_latents_to_disk: ${input.cache_latents_to_disk}`,
    `      resolution: [${resolution.join(', ')}]`,
    `    train: {batch_size: ${input.batch_size}, steps: ${input.steps}, optimizer: ${text(input.optimizer)}, lr: ${input.learning_rate}}`,
    "meta: {name: '[name]', version: '1.0'}",
    '',
  ].join('\n');
}

/**
 * What a training delivers as `output.weights`: train.py's job folder with a placeholder LoRA, the
 * job's config and the captions the zip brought.
 */
export function trainedWeightsTar(
  input: TrainerInput,
  resolution: readonly number[],
  captions: ReadonlyMap<string, string>,
): Buffer {
  const files = [
    {
      name: `${JOB_DIR}/lora.safetensors`,
      data: placeholderSafetensors({
        format: 'pt',
        trigger_word: input.trigger_word,
        note: 'Kadr emulator: a placeholder LoRA with no tensors',
      }),
    },
    { name: `${JOB_DIR}/config.yaml`, data: Buffer.from(jobConfig(input, resolution)) },
    ...[...captions].map(([name, caption]) => ({
      name: `${JOB_DIR}/captions/${name}.txt`,
      data: Buffer.from(caption),
    })),
  ];
  const folders = ['output', JOB_DIR, ...(captions.size > 0 ? [`${JOB_DIR}/captions`] : [])];
  return tarOf(folders, files);
}
