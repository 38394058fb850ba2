import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import sharp from 'sharp';
import type { Size } from './geometry.ts';
import type { ImageFormat } from './models.ts';

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  tar: 'application/x-tar',
};

type PosterOptions = {
  size: Size;
  prompt: string;
  caption: string;
  /** Varies the palette between outputs of one prediction. */
  variant?: number;
  /** Draw only the text (transparent background), for overlaying on a moving video background. */
  textOnly?: boolean;
  /** Draw only the background. */
  backgroundOnly?: boolean;
};

export function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** Drops characters XML 1.0 forbids, which would make librsvg reject the whole SVG. */
function stripInvalidXmlChars(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code < 0xfffe) ||
      code > 0xffff
    ) {
      out += char;
    }
  }
  return out;
}

export function escapeXml(text: string): string {
  return stripInvalidXmlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Greedy word wrap; words longer than a line are cut. */
function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const rawWord of text.split(/\s+/).filter(Boolean)) {
    let word = rawWord;
    while (word.length > maxChars) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// DejaVu Sans averages about 0.6 em per glyph; the estimate only has to keep lines inside the frame.
const CHAR_WIDTH_EM = 0.6;

function layoutPrompt(prompt: string, size: Size): { fontSize: number; lines: string[] } {
  const maxWidth = size.width * 0.8;
  const maxHeight = size.height * 0.6;
  let fontSize = Math.max(12, Math.round(Math.min(size.width, size.height) / 12));
  for (;;) {
    const maxChars = Math.max(4, Math.floor(maxWidth / (fontSize * CHAR_WIDTH_EM)));
    const lines = wrapText(prompt, maxChars);
    const maxLines = Math.max(1, Math.floor(maxHeight / (fontSize * 1.25)));
    if (lines.length <= maxLines || fontSize <= 12) {
      if (lines.length > maxLines) {
        const kept = lines.slice(0, maxLines);
        kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, maxChars - 1)}…`;
        return { fontSize, lines: kept };
      }
      return { fontSize, lines };
    }
    fontSize = Math.max(12, Math.round(fontSize * 0.85));
  }
}

/** A gradient with soft circles and the prompt in the middle, as SVG for sharp to rasterise. */
function posterSvg(options: PosterOptions): string {
  const { width, height } = options.size;
  const hash = hashString(`${options.prompt}|${options.variant ?? 0}`);
  const hueA = hash % 360;
  const hueB = (hueA + 70 + ((hash >>> 9) % 120)) % 360;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const h = hashString(`${hash}:${i}`);
    const cx = (h % 1000) / 1000;
    const cy = ((h >>> 10) % 1000) / 1000;
    const r = 0.12 + ((h >>> 20) % 100) / 400;
    return `<circle cx="${(cx * width).toFixed(1)}" cy="${(cy * height).toFixed(1)}" r="${(r * Math.min(width, height)).toFixed(1)}" fill="hsl(${(hueA + i * 40) % 360},80%,75%)" fill-opacity="0.18"/>`;
  }).join('');
  const background = options.textOnly
    ? ''
    : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA},65%,38%)"/><stop offset="1" stop-color="hsl(${hueB},75%,58%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}`;

  let text = '';
  if (!options.backgroundOnly) {
    const { fontSize, lines } = layoutPrompt(options.prompt, options.size);
    const lineHeight = fontSize * 1.25;
    const top = height / 2 - (lines.length * lineHeight) / 2 + fontSize * 0.9;
    const tspans = lines
      .map(
        (line, i) =>
          `<tspan x="50%" y="${(top + i * lineHeight).toFixed(1)}">${escapeXml(line)}</tspan>`,
      )
      .join('');
    const captionSize = Math.max(10, Math.round(fontSize * 0.4));
    text =
      `<text font-family="sans-serif" font-size="${fontSize}" fill="#fff" text-anchor="middle" stroke="#000" stroke-opacity="0.25" stroke-width="${Math.max(1, fontSize / 24).toFixed(1)}" paint-order="stroke">${tspans}</text>` +
      `<text x="50%" y="${(height - captionSize * 1.2).toFixed(1)}" font-family="sans-serif" font-size="${captionSize}" fill="#fff" fill-opacity="0.75" text-anchor="middle">${escapeXml(options.caption)}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background}${text}</svg>`;
}

/** Writes through `<path>.partial` and renames, so a reader never sees a half-written file. */
export async function writeAtomically(
  path: string,
  write: (tmpPath: string) => Promise<unknown>,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmpPath = `${path}.partial`;
  try {
    await write(tmpPath);
    await rename(tmpPath, path);
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
}

/** The poster's background alone (gradient and soft circles, no text), as SVG for sharp. */
export function posterBackgroundSvg(size: Size, prompt: string, variant = 0): Buffer {
  return Buffer.from(posterSvg({ size, prompt, caption: '', variant, backgroundOnly: true }));
}

export type RenderImageOptions = PosterOptions & {
  format: ImageFormat;
  path: string;
  /** A transparent PNG of the same size laid over the poster (the references' thumbnails). */
  overlay?: Buffer;
};

export async function renderImage(options: RenderImageOptions): Promise<void> {
  let image = sharp(Buffer.from(posterSvg(options)));
  if (options.overlay) {
    image = sharp(
      await image
        .composite([{ input: options.overlay }])
        .png()
        .toBuffer(),
    );
  }
  const encoded =
    options.format === 'jpg'
      ? image.jpeg({ quality: 85 })
      : options.format === 'png'
        ? image.png()
        : image.webp({ quality: 80 });
  await writeAtomically(options.path, (tmp) => encoded.toFile(tmp));
}

/** Rendered videos keep the requested ratio at a small size so encoding stays well under a second. */
const VIDEO_RENDER_SHORT_SIDE = 360;
/** The frame rate of every rendered video, whatever the model's `fps`. */
export const VIDEO_RENDER_FPS = 10;
/**
 * How long a video given start and end frames (issue #48) holds each picture alone: the first
 * from its start, the last until its end.
 */
export const END_FRAME_HOLD_SEC = 0.5;

function videoRenderSize(requested: Size): Size {
  const short = Math.min(requested.width, requested.height);
  const scale = Math.min(1, VIDEO_RENDER_SHORT_SIDE / short);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(requested.width), height: even(requested.height) };
}

/** The pictures a video starts and ends on, as PNGs at the render's size. */
export type VideoFramePictures = { first: Buffer; last: Buffer };

export type RenderVideoOptions = {
  size: Size;
  /** Laid over every frame at the render's size (the references' thumbnails). */
  overlay?: (renderSize: Size) => Promise<Buffer>;
  /**
   * Start and end frames: instead of the panning poster the video holds the first picture for
   * END_FRAME_HOLD_SEC, fades to the last over the middle and holds it for END_FRAME_HOLD_SEC to
   * the end; the prompt (and any overlay) fades in and out in between, off both ends.
   */
  frames?: (renderSize: Size) => Promise<VideoFramePictures>;
  durationSec: number;
  audio: boolean;
  /**
   * A recording (a local file) that is the video's sound instead of the tone, its waveform drawn
   * along the bottom of the picture: a talking character (OmniHuman).
   */
  speech?: string;
  prompt: string;
  caption: string;
  path: string;
  signal?: AbortSignal;
};

let ffmpegPath: string | undefined;

/** The `@ffmpeg-installer/ffmpeg` binary when present, else `ffmpeg` on PATH. */
export function resolveFfmpegPath(): string {
  if (ffmpegPath) return ffmpegPath;
  try {
    const require = createRequire(import.meta.url);
    const installer: { path?: unknown } = require('@ffmpeg-installer/ffmpeg');
    if (typeof installer.path === 'string' && existsSync(installer.path)) {
      ffmpegPath = installer.path;
      return ffmpegPath;
    }
  } catch {
    // Not installed for this platform: fall back to PATH.
  }
  ffmpegPath = 'ffmpeg';
  return ffmpegPath;
}

function runFfmpeg(args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(resolveFfmpegPath(), args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stderr);
      else
        reject(
          new Error(
            `ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          ),
        );
    });
  });
}

/**
 * A recording's length in seconds, read by ffmpeg from the file; null when it holds no sound
 * ffmpeg can read (a talking character's input, OmniHuman).
 */
export async function recordingSeconds(path: string, signal?: AbortSignal): Promise<number | null> {
  const report = await new Promise<string>((resolve, reject) => {
    const child = spawn(resolveFfmpegPath(), ['-hide_banner', '-i', path], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
    });
    child.on('error', reject);
    // `ffmpeg -i` alone exits 1 by design (no output named): its report is what counts.
    child.on('close', () => resolve(stderr));
  });
  if (!/Stream #[^\n]*Audio: /.test(report)) return null;
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(report);
  if (!duration) return null;
  return Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
}

/**
 * The video part of the filter graph for start and end frames: inputs 0 and 1 are the first and
 * last pictures, 2 the text layer; `frames` frames in all, the first and last `hold` of them
 * showing a picture alone.
 */
function endFramesFilter(frames: number, fps: number): string {
  const hold = Math.max(1, Math.min(Math.round(END_FRAME_HOLD_SEC * fps), Math.floor(frames / 4)));
  // fade ramps alpha from frame s (still transparent, or opaque fading out) to frame s + n, where
  // it is opaque (or transparent): frames 0…hold-1 show the first picture alone, the last `hold`
  // frames the last picture alone.
  return (
    `[1:v]format=rgba,fade=t=in:s=${hold - 1}:n=${frames - 2 * hold + 1}:alpha=1[end];` +
    '[0:v][end]overlay=0:0[pictures];' +
    `[2:v]format=rgba,fade=t=in:s=${hold - 1}:n=${hold}:alpha=1,` +
    `fade=t=out:s=${frames - 2 * hold}:n=${hold}:alpha=1[text];` +
    '[pictures][text]overlay=0:0,format=yuv420p[v]'
  );
}

/**
 * An H.264 MP4 (yuv420p, faststart): the poster background pans under the prompt text (or, given
 * start and end frames, the first picture turns into the last), with an optional soft tone as the
 * audio track.
 */
export async function renderVideo(options: RenderVideoOptions): Promise<void> {
  const { width, height } = videoRenderSize(options.size);
  const panWidth = Math.round((width * 1.25) / 2) * 2;
  const dir = dirname(options.path);
  await mkdir(dir, { recursive: true });
  const backgroundPath = `${options.path}.bg.png`;
  const lastPath = `${options.path}.last.png`;
  const textPath = `${options.path}.text.png`;
  const poster = { prompt: options.prompt, caption: options.caption };
  const png = { compressionLevel: 1 } as const;
  try {
    await Promise.all([
      options.frames
        ? options
            .frames({ width, height })
            .then((pictures) =>
              Promise.all([
                sharp(pictures.first).png(png).toFile(backgroundPath),
                sharp(pictures.last).png(png).toFile(lastPath),
              ]),
            )
        : sharp(
            Buffer.from(
              posterSvg({ ...poster, size: { width: panWidth, height }, backgroundOnly: true }),
            ),
          )
            .png(png)
            .toFile(backgroundPath),
      (async () => {
        const text = sharp(
          Buffer.from(posterSvg({ ...poster, size: { width, height }, textOnly: true })),
        );
        const overlay = options.overlay ? await options.overlay({ width, height }) : undefined;
        return (overlay ? text.composite([{ input: overlay }]) : text)
          .png({ compressionLevel: 1 })
          .toFile(textPath);
      })(),
    ]);
    const duration = options.durationSec.toFixed(3);
    const fps = String(VIDEO_RENDER_FPS);
    const still = (path: string) => ['-loop', '1', '-framerate', fps, '-i', path];
    const pictureInputs = options.frames
      ? [...still(backgroundPath), ...still(lastPath)]
      : still(backgroundPath);
    const audioIndex = options.frames ? 3 : 2;
    const audioInput = options.speech
      ? ['-i', options.speech]
      : options.audio
        ? ['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=44100']
        : [];
    const waves = Math.max(2, Math.round(height / 8) * 2);
    const audioFilter = options.speech
      ? `;[${audioIndex}:a]aresample=44100,asplit[a][w];` +
        `[w]showwaves=s=${width}x${waves}:mode=cline:rate=${VIDEO_RENDER_FPS}:colors=white,format=rgba[waves];` +
        `[pictures][waves]overlay=0:${height - waves}:shortest=1,format=yuv420p[v]`
      : options.audio
        ? `;[${audioIndex}:a]volume=0.08[a]`
        : '';
    const audioOutput =
      options.speech || options.audio
        ? ['-map', '[a]', '-c:a', 'aac', '-b:a', options.speech ? '96k' : '48k', '-ac', '1']
        : [];
    const frames = options.frames
      ? endFramesFilter(Math.round(options.durationSec * VIDEO_RENDER_FPS), VIDEO_RENDER_FPS)
      : `[0:v]crop=${width}:${height}:x='(in_w-out_w)*t/${duration}':y=0[bg];` +
        '[bg][1:v]overlay=0:0,format=yuv420p[v]';
    // With a recording, the picture is named [pictures] and the waveform laid over it makes [v].
    const videoFilter = options.speech ? frames.replace(/\[v\]$/, '[pictures]') : frames;
    const filter = `${videoFilter}${audioFilter}`;
    await writeAtomically(options.path, (tmp) =>
      runFfmpeg(
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          ...pictureInputs,
          ...still(textPath),
          ...audioInput,
          '-filter_complex',
          filter,
          '-map',
          '[v]',
          ...audioOutput,
          '-t',
          duration,
          '-r',
          fps,
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-tune',
          'stillimage',
          '-pix_fmt',
          'yuv420p',
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          tmp,
        ],
        options.signal,
      ),
    );
  } finally {
    await Promise.all(
      [backgroundPath, lastPath, textPath].map((path) => rm(path, { force: true })),
    );
  }
}
