import { describe, expect, it } from 'vitest';
import {
  findModelByRef,
  findModelByVersion,
  HUNYUAN_VIDEO_VERSION,
  type ImageProbe,
  REAL_ESRGAN_VERSION,
  type RenderPlan,
} from './models.ts';

const noProbe: ImageProbe = async () => undefined;

async function planFor(
  ref: string,
  input: Record<string, unknown>,
  probe = noProbe,
): Promise<RenderPlan> {
  const model = findModelByRef(ref);
  if (!model) throw new Error(`unknown model ${ref}`);
  const prepared = model.prepare(input);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.invalidFields));
  return prepared.plan(probe);
}

describe('image plans', () => {
  it.each([
    ['bytedance/seedream-3', {}, { width: 1360, height: 768 }, 'jpg'],
    [
      'bytedance/seedream-3',
      { size: 'small', aspect_ratio: '1:1' },
      { width: 512, height: 512 },
      'jpg',
    ],
    [
      'bytedance/seedream-3',
      { size: 'big', aspect_ratio: '9:16' },
      { width: 1152, height: 2048 },
      'jpg',
    ],
    [
      'bytedance/seedream-3',
      { aspect_ratio: 'custom', width: 640, height: 1600 },
      { width: 640, height: 1600 },
      'jpg',
    ],
    ['google/imagen-4-ultra', {}, { width: 1024, height: 1024 }, 'jpg'],
    ['google/imagen-4-ultra', { aspect_ratio: '16:9' }, { width: 1024, height: 576 }, 'jpg'],
    [
      'google/imagen-4-ultra',
      { aspect_ratio: '3:4', output_format: 'png' },
      { width: 768, height: 1024 },
      'png',
    ],
    ['black-forest-labs/flux-kontext-pro', {}, { width: 1024, height: 1024 }, 'png'],
    [
      'black-forest-labs/flux-kontext-pro',
      { aspect_ratio: '21:9', output_format: 'jpg' },
      { width: 1568, height: 672 },
      'jpg',
    ],
    ['qwen/qwen-image', {}, { width: 1664, height: 928 }, 'webp'],
    [
      'qwen/qwen-image',
      { image_size: 'optimize_for_speed', aspect_ratio: '1:1' },
      { width: 1024, height: 1024 },
      'webp',
    ],
    [
      'black-forest-labs/flux-dev',
      { megapixels: '0.25', output_format: 'png' },
      { width: 512, height: 512 },
      'png',
    ],
  ])('%s %j → %j %s', async (ref, input, size, format) => {
    const plan = await planFor(ref, { prompt: 'кот', ...input });
    expect(plan).toMatchObject({ kind: 'image', size, format });
  });

  it('follows the input image ratio for flux-kontext-pro match_input_image', async () => {
    const probe: ImageProbe = async (url) =>
      url === 'https://example.test/tall.png' ? { width: 600, height: 1200 } : undefined;
    const plan = await planFor(
      'black-forest-labs/flux-kontext-pro',
      { prompt: 'x', input_image: 'https://example.test/tall.png' },
      probe,
    );
    expect(plan).toMatchObject({ size: { width: 720, height: 1440 } });
  });

  it('renders num_outputs images for flux-dev', async () => {
    expect(
      await planFor('black-forest-labs/flux-dev', { prompt: 'x', num_outputs: 3 }),
    ).toMatchObject({
      count: 3,
    });
  });
});

describe('video plans', () => {
  it.each([
    ['bytedance/seedance-1-pro', {}, { width: 1920, height: 1080 }, 5, false],
    [
      'bytedance/seedance-1-lite',
      { duration: 10, aspect_ratio: '9:16' },
      { width: 720, height: 1280 },
      10,
      false,
    ],
    ['google/veo-3', {}, { width: 1920, height: 1080 }, 8, true],
    [
      'google/veo-3-fast',
      { duration: 4, generate_audio: false, resolution: '720p' },
      { width: 1280, height: 720 },
      4,
      false,
    ],
    ['google/veo-2', { aspect_ratio: '9:16' }, { width: 720, height: 1280 }, 5, false],
    [
      'tencent/hunyuan-video',
      { video_length: 49, fps: 12 },
      { width: 864, height: 480 },
      49 / 12,
      false,
    ],
  ])('%s %j → %j, %d s, audio %s', async (ref, input, size, durationSec, audio) => {
    const plan = await planFor(ref, { prompt: 'кот', ...input });
    expect(plan).toEqual({ kind: 'video', size, durationSec, audio });
  });
});

describe('input validation', () => {
  it.each([
    ['google/imagen-4-ultra', {}, 'input.prompt', 'prompt is required'],
    ['google/imagen-4-ultra', { prompt: 'x', aspect_ratio: '2:1' }, 'input.aspect_ratio', ''],
    ['bytedance/seedance-1-pro', { prompt: 'x', duration: 20 }, 'input.duration', ''],
    ['google/veo-3', { prompt: 'x', duration: 5 }, 'input.duration', ''],
    ['tencent/hunyuan-video', { prompt: 'x', video_length: 50 }, 'input.video_length', '4k+1'],
  ])('%s rejects %j at %s', (ref, input, field, description) => {
    const prepared = findModelByRef(ref)?.prepare(input);
    expect(prepared?.ok).toBe(false);
    if (prepared && !prepared.ok) {
      expect(prepared.invalidFields).toContainEqual({
        field,
        description: expect.stringContaining(description),
      });
    }
  });

  it('ignores inputs the model does not know, as Replicate does', () => {
    expect(findModelByRef('qwen/qwen-image')?.prepare({ prompt: 'x', lora_scale: 1 }).ok).toBe(
      true,
    );
  });
});

describe('findModelByVersion', () => {
  it.each([
    [HUNYUAN_VIDEO_VERSION, 'tencent/hunyuan-video'],
    [`tencent/hunyuan-video:${HUNYUAN_VIDEO_VERSION}`, 'tencent/hunyuan-video'],
    ['google/veo-3', 'google/veo-3'],
    ['tencent/hunyuan-video', undefined],
    [REAL_ESRGAN_VERSION, 'nightmareai/real-esrgan'],
    [`nightmareai/real-esrgan:${REAL_ESRGAN_VERSION}`, 'nightmareai/real-esrgan'],
    ['nightmareai/real-esrgan', undefined],
    ['bria/remove-background', 'bria/remove-background'],
    ['0'.repeat(64), undefined],
    [`google/veo-3:${'0'.repeat(64)}`, undefined],
  ])('%s → %s', (version, ref) => {
    expect(findModelByVersion(version)?.ref).toBe(ref);
  });
});

describe('tool plans', () => {
  const image = 'https://kadr.test/api/files/a.png';

  it.each([
    [
      'nightmareai/real-esrgan',
      { image },
      { tool: 'upscale', format: 'png', scale: 4, image: { url: image, field: 'image' } },
    ],
    [
      'bria/remove-background',
      { image_url: image },
      { tool: 'remove-background', preservePartialAlpha: true, image: { field: 'image_url' } },
    ],
    [
      'bria/generate-background',
      { image, bg_prompt: 'beach', ref_image_url: 'https://kadr.test/r.png' },
      {
        tool: 'generate-background',
        prompt: 'beach',
        reference: undefined,
        originalQuality: false,
      },
    ],
    [
      'bria/generate-background',
      { image, ref_image_file: 'https://kadr.test/r.png' },
      { reference: { url: 'https://kadr.test/r.png', field: 'ref_image_file' } },
    ],
    [
      'bria/expand-image',
      { image, aspect_ratio: '16:9', canvas_size: [10, 10] },
      { tool: 'expand', request: { aspectRatio: 16 / 9 } },
    ],
    [
      'bria/expand-image',
      { image, original_image_size: [300, 200], original_image_location: [-5, 40] },
      {
        request: {
          canvas: { width: 1000, height: 1000 },
          originalSize: { width: 300, height: 200 },
          location: { x: -5, y: 40 },
        },
      },
    ],
    [
      'black-forest-labs/flux-fill-pro',
      { image, mask: image, prompt: 'a bird' },
      { tool: 'fill', format: 'jpg', mask: { url: image, field: 'mask' }, prompt: 'a bird' },
    ],
    [
      'black-forest-labs/flux-fill-pro',
      { image, mask: image, outpaint: 'Make square', output_format: 'png' },
      { tool: 'expand', format: 'png', request: { outpaint: 'Make square' } },
    ],
  ])('%s %j → %j', async (ref, input, job) => {
    expect(await planFor(ref, input)).toMatchObject({ kind: 'tool', job });
  });

  it.each([
    ['nightmareai/real-esrgan', { image: 'x' }, ''],
    ['bria/generate-background', { image: 'x', bg_prompt: 'sea #fail' }, 'sea #fail'],
    ['bria/expand-image', { image: 'x', prompt: 'field #slow' }, 'field #slow'],
    ['bria/remove-background', { image: 'https://kadr.test/a.png#fail' }, '#fail'],
  ])('%s %j looks for switches in %j', (ref, input, switches) => {
    const prepared = findModelByRef(ref)?.prepare(input);
    expect(prepared).toMatchObject({ ok: true, switches });
  });

  it.each([
    ['bria/remove-background', {}, 'input.image', 'image or image_url is required'],
    ['bria/generate-background', { image: 'x', bg_prompt: ' ' }, 'input.bg_prompt', 'bg_prompt'],
    ['bria/expand-image', { image: 'x', aspect_ratio: '21:9' }, 'input.aspect_ratio', ''],
    ['bria/expand-image', { image: 'x', canvas_size: [0, 10] }, 'input.canvas_size.0', ''],
    ['nightmareai/real-esrgan', {}, 'input.image', 'image is required'],
    ['black-forest-labs/flux-fill-pro', { image: 'x', steps: 51 }, 'input.steps', ''],
    ['black-forest-labs/flux-fill-pro', { image: 'x', guidance: 1 }, 'input.guidance', ''],
    [
      'black-forest-labs/flux-fill-pro',
      { image: 'x', output_format: 'webp' },
      'input.output_format',
      '',
    ],
  ])('%s rejects %j at %s', (ref, input, field, description) => {
    const prepared = findModelByRef(ref)?.prepare(input);
    expect(prepared?.ok).toBe(false);
    if (prepared && !prepared.ok) {
      expect(prepared.invalidFields).toContainEqual({
        field,
        description: expect.stringContaining(description),
      });
    }
  });
});
