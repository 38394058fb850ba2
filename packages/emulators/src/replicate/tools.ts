/**
 * The finishing tools, run for real on the input picture with sharp: upscale, background removal,
 * background replacement, frame expansion and masked fill. Each reads its inputs over HTTP (or a
 * data URI), bounded in bytes and pixels, and writes one PNG (or JPEG) atomically. Pixels are kept
 * in libvips pipelines; only the background cut-out reads the picture as raw RGBA, once.
 */
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { Size } from './geometry.ts';
import { fetchInputBytes, fetchInputPicture, InputError, MAX_PIXELS } from './inputs.ts';
import { hashString, posterBackgroundSvg, writeAtomically } from './media.ts';
import type { ExpandRequest, PictureRef, Point, ToolJob } from './tool-jobs.ts';
import type { FetchLike } from './webhooks.ts';

export type ToolContext = { fetch: FetchLike; path: string; signal?: AbortSignal };

/** A line for the prediction's logs. */
export function describeToolJob(job: ToolJob): string {
  switch (job.tool) {
    case 'upscale':
      return `Upscaling ×${job.scale}`;
    case 'remove-background':
      return 'Removing the background';
    case 'generate-background':
      return 'Generating a new background';
    case 'expand':
      return 'Expanding the frame';
    case 'fill':
      return job.mask ? 'Filling the masked region' : 'Filling the transparent region';
  }
}

export async function runTool(job: ToolJob, context: ToolContext): Promise<void> {
  switch (job.tool) {
    case 'upscale':
      return upscale(job, context);
    case 'remove-background':
      return removeBackground(job, context);
    case 'generate-background':
      return generateBackground(job, context);
    case 'expand':
      return expand(job, context);
    case 'fill':
      return fill(job, context);
  }
}

function picture(ref: PictureRef, context: ToolContext) {
  return fetchInputPicture(ref.url, {
    fetch: context.fetch,
    field: ref.field,
    signal: context.signal,
  });
}

function checkOutputSize(size: Size): void {
  if (size.width * size.height > MAX_PIXELS) {
    throw new InputError(
      `Prediction failed: the output would be ${size.width}x${size.height}, more than ${MAX_PIXELS / 1_000_000} MP`,
    );
  }
}

function encode(image: Sharp, format: 'png' | 'jpg'): Sharp {
  return format === 'jpg' ? image.jpeg({ quality: 92 }) : image.png();
}

// --- Upscale -------------------------------------------------------------------------------------

async function upscale(job: Extract<ToolJob, { tool: 'upscale' }>, context: ToolContext) {
  const input = await picture(job.image, context);
  const size = {
    width: Math.max(1, Math.round(input.size.width * job.scale)),
    height: Math.max(1, Math.round(input.size.height * job.scale)),
  };
  checkOutputSize(size);
  const resized = input.open().resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  await writeAtomically(context.path, (tmp) => resized.png().toFile(tmp));
}

// --- Background cut-out --------------------------------------------------------------------------

/** Below this alpha a pixel counts as background already. */
const TRANSPARENT = 16;
/** Euclidean RGB distance within which a pixel matches a background colour. */
const BACKGROUND_DISTANCE = 48;

/**
 * Up to eight colours that make up the picture's border (RGBA raw), most common first: the
 * background of a simple subject, a gradient giving several.
 */
function borderColours(data: Buffer, width: number, height: number): number[][] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  let samples = 0;
  const sample = (x: number, y: number) => {
    const o = (y * width + x) * 4;
    if ((data[o + 3] ?? 0) < TRANSPARENT) return;
    const r = data[o] ?? 0;
    const g = data[o + 1] ?? 0;
    const b = data[o + 2] ?? 0;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
    samples++;
  };
  const stepX = Math.max(1, Math.floor(width / 1000));
  const stepY = Math.max(1, Math.floor(height / 1000));
  for (let x = 0; x < width; x += stepX) {
    sample(x, 0);
    sample(x, height - 1);
  }
  for (let y = 0; y < height; y += stepY) {
    sample(0, y);
    sample(width - 1, y);
  }
  return [...buckets.values()]
    .filter((bucket) => bucket.n >= Math.max(2, samples * 0.02))
    .sort((a, b) => b.n - a.n)
    .slice(0, 8)
    .map((bucket) => [bucket.r / bucket.n, bucket.g / bucket.n, bucket.b / bucket.n]);
}

/** `dst[i] = min(src[i], 3×3 box mean of src)`: softens an edge inward only. */
function featherInward(mask: Uint8Array, width: number, height: number): void {
  const rows = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = mask[row + Math.max(0, x - 1)] ?? 0;
      const right = mask[row + Math.min(width - 1, x + 1)] ?? 0;
      rows[row + x] = left + (mask[row + x] ?? 0) + right;
    }
  }
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const mean = Math.round(
        ((rows[up + x] ?? 0) + (rows[row + x] ?? 0) + (rows[down + x] ?? 0)) / 9,
      );
      if (mean < (mask[row + x] ?? 0)) mask[row + x] = mean;
    }
  }
}

/**
 * The subject's alpha (0 background … 255 subject) of an RGBA raw picture: the background
 * colours estimated from the border, flood-filled from the border over pixels near them (and
 * over pixels already transparent), the subject's edge feathered a little.
 */
function cutOutAlpha(data: Buffer, width: number, height: number): Uint8Array {
  const colours = borderColours(data, width, height);
  const limit = BACKGROUND_DISTANCE * BACKGROUND_DISTANCE;
  // 0 unvisited, 1 background, 2 subject.
  const state = new Uint8Array(width * height);
  const matches = (i: number): boolean => {
    const s = state[i];
    if (s !== 0) return s === 1;
    const o = i * 4;
    if ((data[o + 3] ?? 0) < TRANSPARENT) return true;
    const r = data[o] ?? 0;
    const g = data[o + 1] ?? 0;
    const b = data[o + 2] ?? 0;
    for (const [cr = 0, cg = 0, cb = 0] of colours) {
      if ((r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2 <= limit) return true;
    }
    state[i] = 2;
    return false;
  };
  // Scanline flood fill: the stack holds one seed per run, not one per pixel.
  const stack: number[] = [];
  const fillFrom = (seed: number) => {
    if (state[seed] !== 0 || !matches(seed)) return;
    stack.push(seed);
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      if (state[i] === 1) continue;
      const y = Math.floor(i / width);
      const row = y * width;
      let left = i - row;
      while (left > 0 && state[row + left - 1] === 0 && matches(row + left - 1)) left--;
      let right = i - row;
      while (right < width - 1 && state[row + right + 1] === 0 && matches(row + right + 1)) right++;
      for (let x = left; x <= right; x++) state[row + x] = 1;
      for (const next of [y - 1, y + 1]) {
        if (next < 0 || next >= height) continue;
        const nextRow = next * width;
        let inRun = false;
        for (let x = left; x <= right; x++) {
          const j = nextRow + x;
          const open = state[j] === 0 && matches(j);
          if (open && !inRun) stack.push(j);
          inRun = open;
        }
      }
    }
  };
  for (let x = 0; x < width; x++) {
    fillFrom(x);
    fillFrom((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    fillFrom(y * width);
    fillFrom(y * width + width - 1);
  }
  const alpha = state; // reused in place: background 0, subject 255
  for (let i = 0; i < alpha.length; i++) alpha[i] = alpha[i] === 1 ? 0 : 255;
  featherInward(alpha, width, height);
  return alpha;
}

/** Whether any pixel of an RGBA raw picture is not fully opaque. */
function hasTransparency(data: Buffer): boolean {
  for (let o = 3; o < data.length; o += 4) if (data[o] !== 255) return true;
  return false;
}

/** The picture as RGBA raw with the subject cut out (the input's own alpha kept combined). */
async function cutOut(
  input: Awaited<ReturnType<typeof picture>>,
  options: { useOwnAlpha: boolean; preservePartialAlpha: boolean },
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await input
    .open()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  if (!(options.useOwnAlpha && input.hasAlpha && hasTransparency(data))) {
    const alpha = cutOutAlpha(data, width, height);
    for (let i = 0, o = 3; i < alpha.length; i++, o += 4) {
      data[o] = Math.round(((alpha[i] ?? 0) * (data[o] ?? 0)) / 255);
    }
  }
  if (!options.preservePartialAlpha) {
    for (let o = 3; o < data.length; o += 4) data[o] = (data[o] ?? 0) >= 128 ? 255 : 0;
  }
  return { data, width, height };
}

async function removeBackground(
  job: Extract<ToolJob, { tool: 'remove-background' }>,
  context: ToolContext,
) {
  const input = await picture(job.image, context);
  const { data, width, height } = await cutOut(input, {
    useOwnAlpha: false,
    preservePartialAlpha: job.preservePartialAlpha,
  });
  const image = sharp(data, { raw: { width, height, channels: 4 } });
  await writeAtomically(context.path, (tmp) => image.png().toFile(tmp));
}

// --- New background ------------------------------------------------------------------------------

const ONE_MEGAPIXEL = 1024 * 1024;

async function generateBackground(
  job: Extract<ToolJob, { tool: 'generate-background' }>,
  context: ToolContext,
) {
  const input = await picture(job.image, context);
  const reference = job.reference
    ? await fetchInputBytes(job.reference.url, {
        fetch: context.fetch,
        field: job.reference.field,
        signal: context.signal,
      })
    : undefined;
  const { width, height } = input.size;
  const k = Math.sqrt(ONE_MEGAPIXEL / (width * height));
  const size = job.originalQuality
    ? input.size
    : { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
  const cut = await cutOut(input, { useOwnAlpha: true, preservePartialAlpha: true });
  const raw = { width: cut.width, height: cut.height, channels: 4 as const };
  const subject: OverlayOptions =
    size.width === cut.width && size.height === cut.height
      ? { input: cut.data, raw }
      : {
          input: await sharp(cut.data, { raw })
            .resize(size.width, size.height, { fit: 'fill' })
            .png({ compressionLevel: 1 })
            .toBuffer(),
        };
  let scene: Sharp;
  if (reference) {
    try {
      scene = sharp(
        await sharp(reference, { autoOrient: true, limitInputPixels: MAX_PIXELS })
          .resize(size.width, size.height, { fit: 'cover' })
          .blur(2)
          .png({ compressionLevel: 1 })
          .toBuffer(),
      );
    } catch {
      throw new InputError(
        `Prediction failed: could not read input ${job.reference?.field}: not a picture the model can decode`,
      );
    }
  } else {
    scene = sharp(posterBackgroundSvg(size, job.prompt, job.seed));
  }
  const composed = scene.composite([subject]).png();
  await writeAtomically(context.path, (tmp) => composed.toFile(tmp));
}

// --- Expand --------------------------------------------------------------------------------------

type Layout = { canvas: Size; original: Size; location: Point };

function centred(canvas: Size, original: Size): Layout {
  return {
    canvas,
    original,
    location: {
      x: Math.round((canvas.width - original.width) / 2),
      y: Math.round((canvas.height - original.height) / 2),
    },
  };
}

/** The canvas, the original's size on it and its top-left corner. */
function expandLayout(request: ExpandRequest, source: Size): Layout {
  const { width: w, height: h } = source;
  if ('aspectRatio' in request) {
    const ratio = request.aspectRatio;
    const canvas =
      w / h < ratio
        ? { width: Math.round(h * ratio), height: h }
        : { width: w, height: Math.round(w / ratio) };
    return centred(canvas, source);
  }
  if ('outpaint' in request) {
    const half = (n: number) => Math.round(n * 1.5);
    switch (request.outpaint) {
      case 'Zoom out 1.5x':
        return centred({ width: half(w), height: half(h) }, source);
      case 'Zoom out 2x':
        return centred({ width: w * 2, height: h * 2 }, source);
      case 'Make square':
        return centred({ width: Math.max(w, h), height: Math.max(w, h) }, source);
      case 'Left outpaint':
        return {
          canvas: { width: half(w), height: h },
          original: source,
          location: { x: half(w) - w, y: 0 },
        };
      case 'Right outpaint':
        return {
          canvas: { width: half(w), height: h },
          original: source,
          location: { x: 0, y: 0 },
        };
      case 'Top outpaint':
        return {
          canvas: { width: w, height: half(h) },
          original: source,
          location: { x: 0, y: half(h) - h },
        };
      case 'Bottom outpaint':
        return {
          canvas: { width: w, height: half(h) },
          original: source,
          location: { x: 0, y: 0 },
        };
    }
  }
  const canvas = request.canvas;
  // Without a size the original keeps its own, shrunk to fit the canvas when larger.
  const fit = Math.min(1, canvas.width / w, canvas.height / h);
  const original = request.originalSize ?? {
    width: Math.max(1, Math.round(w * fit)),
    height: Math.max(1, Math.round(h * fit)),
  };
  if (!request.location) return centred(canvas, original);
  return { canvas, original, location: request.location };
}

/** A soft wash of the prompt's colour, so the same picture expanded for two prompts differs. */
function tintSvg(size: Size, prompt: string): Buffer {
  const hash = hashString(prompt);
  const hue = hash % 360;
  const circles = Array.from({ length: 3 }, (_, i) => {
    const h = hashString(`${hash}:${i}`);
    const cx = ((h % 1000) / 1000) * size.width;
    const cy = (((h >>> 10) % 1000) / 1000) * size.height;
    const r = (0.15 + ((h >>> 20) % 100) / 500) * Math.min(size.width, size.height);
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${(hue + 40 * i) % 360},70%,70%)" fill-opacity="0.12"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="hsl(${hue},55%,50%)" fill-opacity="0.14"/>${circles}</svg>`,
  );
}

/**
 * The original at `layout.original` size placed at `layout.location` (cropped where it lies
 * outside), its pixels intact; around it the edge pixels drawn outward, blurred and tinted.
 */
async function renderExpanded(
  input: Awaited<ReturnType<typeof picture>>,
  layout: Layout,
  options: { prompt: string; format: 'png' | 'jpg'; flattenAlpha: boolean; path: string },
): Promise<void> {
  const { canvas, original, location } = layout;
  checkOutputSize(canvas);
  checkOutputSize(original);
  const left = Math.max(0, location.x);
  const top = Math.max(0, location.y);
  const right = Math.min(canvas.width, location.x + original.width);
  const bottom = Math.min(canvas.height, location.y + original.height);
  const tint = { input: tintSvg(canvas, options.prompt) };
  if (right <= left || bottom <= top) {
    // The original lies wholly outside: only the new scene remains.
    const scene = sharp(posterBackgroundSvg(canvas, options.prompt)).composite([tint]);
    await writeAtomically(options.path, (tmp) => encode(scene, options.format).toFile(tmp));
    return;
  }
  let placed = input
    .open()
    .resize(original.width, original.height, { fit: 'fill', kernel: 'lanczos3' })
    .extract({
      left: left - location.x,
      top: top - location.y,
      width: right - left,
      height: bottom - top,
    });
  if (options.flattenAlpha || options.format === 'jpg')
    placed = placed.flatten({ background: '#ffffff' });
  const { data, info } = await placed.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const sigma = Math.min(40, Math.max(3, Math.min(canvas.width, canvas.height) / 30));
  const composed = sharp(data, { raw })
    .extend({
      top,
      left,
      bottom: canvas.height - bottom,
      right: canvas.width - right,
      extendWith: 'copy',
    })
    .blur(sigma)
    .composite([tint, { input: data, raw, left, top }]);
  await writeAtomically(options.path, (tmp) => encode(composed, options.format).toFile(tmp));
}

async function expand(job: Extract<ToolJob, { tool: 'expand' }>, context: ToolContext) {
  const input = await picture(job.image, context);
  await renderExpanded(input, expandLayout(job.request, input.size), {
    prompt: job.prompt,
    format: job.format,
    flattenAlpha: !job.preserveAlpha,
    path: context.path,
  });
}

// --- Fill ----------------------------------------------------------------------------------------

/** Prompts asking to take something away: the fill continues the surroundings instead. */
const ERASE_PROMPT = /^\s*$|\b(remove|erase|delete|clean up|get rid of|continue the surrounding)/i;

/**
 * The surroundings blurred into the hole: a blur weighing only the pixels kept (sharp blurs with
 * alpha premultiplied), the picture's mean colour where no kept pixel reaches; `soft` as alpha.
 */
async function surroundings(
  input: Awaited<ReturnType<typeof picture>>,
  mask: Buffer,
  soft: Buffer,
): Promise<Buffer> {
  const { width, height } = input.size;
  const { channels } = await input.open().stats();
  const mean = channels.slice(0, 3).map((channel) => channel.mean);
  const keep = Buffer.alloc(mask.length);
  for (let i = 0; i < mask.length; i++) keep[i] = 255 - (mask[i] ?? 0);
  const rgb = await input.open().removeAlpha().raw().toBuffer();
  const sigma = Math.min(60, Math.max(3, Math.min(width, height) / 12));
  const blurred = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .joinChannel(keep, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  for (let i = 0, o = 0; i < soft.length; i++, o += 4) {
    const a = (blurred[o + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c++) {
      blurred[o + c] = Math.round((blurred[o + c] ?? 0) * a + (mean[c] ?? 128) * (1 - a));
    }
    blurred[o + 3] = soft[i] ?? 0;
  }
  return blurred;
}

async function fill(job: Extract<ToolJob, { tool: 'fill' }>, context: ToolContext) {
  const input = await picture(job.image, context);
  const { width, height } = input.size;
  const one = { width, height, channels: 1 as const };
  // The mask, white = repaint, at the picture's size; without one, the picture's transparent part.
  let mask: Buffer;
  if (job.mask) {
    const maskBytes = await fetchInputBytes(job.mask.url, {
      fetch: context.fetch,
      field: job.mask.field,
      signal: context.signal,
    });
    try {
      mask = await sharp(maskBytes, { autoOrient: true, limitInputPixels: MAX_PIXELS })
        .flatten({ background: '#000000' })
        .resize(width, height, { fit: 'fill' })
        .extractChannel(0)
        .raw()
        .toBuffer();
    } catch {
      throw new InputError(
        `Prediction failed: could not read input ${job.mask.field}: not a picture the model can decode`,
      );
    }
  } else {
    if (!input.hasAlpha) {
      throw new InputError(
        'Prediction failed: no mask given and the image has no transparent part to fill',
      );
    }
    mask = await input.open().extractChannel(3).negate().raw().toBuffer();
  }
  // Softened inward only, so pixels outside the mask stay exactly as they were.
  const edgeSigma = Math.max(1, Math.min(width, height) / 120);
  const soft = await sharp(mask, { raw: one }).blur(edgeSigma).extractChannel(0).raw().toBuffer();
  for (let i = 0; i < soft.length; i++) soft[i] = Math.min(soft[i] ?? 0, mask[i] ?? 0);

  // The new content with the soft mask as its alpha, RGBA raw, composited over the picture.
  const content = ERASE_PROMPT.test(job.prompt)
    ? await surroundings(input, mask, soft)
    : await sharp(
        await sharp(posterBackgroundSvg(input.size, job.prompt, job.seed))
          .removeAlpha()
          .raw()
          .toBuffer(),
        { raw: { width, height, channels: 3 } },
      )
        .joinChannel(soft, { raw: one })
        .raw()
        .toBuffer();
  const composed = input
    .open()
    .composite([{ input: content, raw: { width, height, channels: 4 } }]);
  await writeAtomically(context.path, (tmp) => encode(composed, job.format).toFile(tmp));
}
