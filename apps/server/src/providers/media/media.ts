import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

interface MediaInfo {
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

export interface MediaTools {
  /** What a stored output really is, read from the file (not from the provider's word). */
  probe(file: string, type: 'image' | 'video'): Promise<MediaInfo>;
  /**
   * A small WebP: a thumbnail of an image or the poster frame of a video; a transparent picture's
   * stays transparent.
   */
  preview(
    file: string,
    type: 'image' | 'video',
  ): Promise<{ data: Buffer; width: number; height: number }>;
  /** A video's size, length, frame rate and whether it has sound, read from the file. */
  videoFacts(file: string): Promise<VideoFacts>;
  /** A video's very last frame, as a PNG: where a continuation starts (ADR 047). */
  lastFrame(file: string): Promise<Buffer>;
  /**
   * Joins clips, each trimmed, into one H.264 + AAC MP4 with its index first (faststart), at the
   * first clip's size and frame rate (others scaled to fit, letterboxed); a clip without sound is
   * silent in it; `crossfadeMs` > 0 fades each clip into the next, picture and sound (ADR 047).
   */
  join(clips: readonly JoinClip[], crossfadeMs: number, output: string): Promise<void>;
  /**
   * A recording as the person uploaded it, read and written again as an MP3 (its first audio
   * stream only; metadata, pictures and any video dropped), no longer than `maxMs`: what a talking
   * character speaks (ADR 049). `too_long` when the recording says it is longer (nothing written),
   * `unreadable` when it is not audio ffmpeg can decode.
   */
  recording(
    input: string,
    output: string,
    maxMs: number,
  ): Promise<
    | { outcome: 'written'; durationMs: number }
    | { outcome: 'too_long'; durationMs: number }
    | { outcome: 'unreadable' }
  >;
}

interface VideoFacts {
  width: number;
  height: number;
  durationMs: number;
  fps: number;
  audio: boolean;
}

/** One clip of a join: its file, the part of it kept, and what it is. */
export interface JoinClip {
  file: string;
  startMs: number;
  endMs: number;
  facts: VideoFacts;
}

const imageMime: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const PREVIEW_SIDE = 512;

/**
 * The most pixels an output may decode to: a finishing tool makes up to 36 MP (an upscale, ADR
 * 038), with room to spare; more is a decompression bomb, refused before it is decoded.
 */
const MAX_OUTPUT_PIXELS = 64_000_000;

/** The ffmpeg shipped in an npm package (works on a fresh machine), else the system's. */
function ffmpegPath(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return 'ffmpeg';
  }
}

function run(
  binary: string,
  args: string[],
  timeoutMs?: number,
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(timeoutMs === undefined ? {} : { timeout: timeoutMs, killSignal: 'SIGKILL' as const }),
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64_000) err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: err }),
    );
  });
}

/** The container's facts as `ffmpeg -i` prints them (it exits non-zero by design: no output). */
async function readVideoFacts(binary: string, file: string): Promise<VideoFacts> {
  const { stderr } = await run(binary, ['-hide_banner', '-i', file]);
  const durationMs = reportedDurationMs(stderr);
  const video = /Stream #[^\n]*Video: [^\n]*/.exec(stderr)?.[0] ?? '';
  const size = /Video: [^\n]*?(\d{2,5})x(\d{2,5})/.exec(video);
  if (durationMs === null || !size) throw new Error('output is not a readable video');
  const fps = Number(/(\d+(?:\.\d+)?) fps/.exec(video)?.[1] ?? 0);
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    durationMs,
    fps: fps > 0 && fps <= 120 ? fps : 24,
    audio: /Stream #[^\n]*Audio: /.test(stderr),
  };
}

/** A container's length as `ffmpeg -i` prints it, in milliseconds; null when it prints none. */
function reportedDurationMs(report: string): number | null {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(report);
  if (!duration) return null;
  return Math.round(
    (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000,
  );
}

/** A recording's read and rewrite never take longer than this (a hostile file cannot hold a worker). */
const RECORDING_TIMEOUT_MS = 60_000;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Even sides: H.264 in yuv420p takes no odd width or height. */
const even = (side: number) => Math.max(2, Math.round(side / 2) * 2);

/**
 * The filter graph of a join: each clip trimmed, at the first one's size (fitted and letterboxed)
 * and frame rate, its sound (or silence of its length) as 48 kHz stereo; then a straight `concat`,
 * or, with a cross-fade, each clip laid over the last on a black canvas and faded in (alpha), the
 * sound cross-faded (`acrossfade`). Built for the ffmpeg the server ships (no `xfade`).
 */
function joinFilter(clips: readonly JoinClip[], crossfadeMs: number): string {
  const first = clips[0];
  if (!first) throw new Error('nothing to join');
  const width = even(first.facts.width);
  const height = even(first.facts.height);
  const fps = first.facts.fps;
  const parts: string[] = [];
  for (const [i, clip] of clips.entries()) {
    const start = seconds(clip.startMs);
    const end = seconds(clip.endMs);
    const length = seconds(clip.endMs - clip.startMs);
    parts.push(
      `[${i}:v]trim=start=${start}:end=${end},setpts=PTS-STARTPTS,fps=${fps},` +
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p[v${i}]`,
      clip.facts.audio
        ? `[${i}:a]atrim=start=${start}:end=${end},asetpts=PTS-STARTPTS,aresample=48000,` +
            `aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=duration=${length}[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${length}[a${i}]`,
    );
  }
  const fade = Math.min(crossfadeMs, ...clips.map((clip) => clip.endMs - clip.startMs));
  if (fade <= 0 || clips.length === 1) {
    const inputs = clips.map((_, i) => `[v${i}][a${i}]`).join('');
    parts.push(`${inputs}concat=n=${clips.length}:v=1:a=1[v][a]`);
    return parts.join(';');
  }
  const total = clips.reduce((sum, clip) => sum + clip.endMs - clip.startMs, 0);
  const duration = seconds(total - fade * (clips.length - 1));
  parts.push(
    `color=c=black:s=${width}x${height}:r=${fps}:d=${duration},format=yuv420p[base]`,
    '[base][v0]overlay=eof_action=pass[o0]',
  );
  let offset = 0;
  let sound = 'a0';
  for (const [i, clip] of clips.entries()) {
    if (i === 0) {
      offset += clip.endMs - clip.startMs - fade;
      continue;
    }
    const last = i === clips.length - 1;
    parts.push(
      `[v${i}]format=yuva420p,fade=t=in:st=0:d=${seconds(fade)}:alpha=1,` +
        `setpts=PTS+${seconds(offset)}/TB[f${i}]`,
      `[o${i - 1}][f${i}]overlay=eof_action=pass${last ? ',format=yuv420p[v]' : `[o${i}]`}`,
      `[${sound}][a${i}]acrossfade=d=${seconds(fade)}${last ? '[a]' : `[x${i}]`}`,
    );
    sound = `x${i}`;
    offset += clip.endMs - clip.startMs - fade;
  }
  return parts.join(';');
}

export function createMediaTools(binary = ffmpegPath()): MediaTools {
  return {
    async probe(file, type) {
      if (type === 'image') {
        // The header only: the pixels are not decoded.
        const meta = await sharp(file, { limitInputPixels: MAX_OUTPUT_PIXELS }).metadata();
        const mime = meta.format ? imageMime[meta.format] : undefined;
        if (!mime) throw new Error(`unsupported image output: ${meta.format ?? 'unknown'}`);
        return { mime, width: meta.width ?? null, height: meta.height ?? null, durationMs: null };
      }
      const { width, height, durationMs } = await readVideoFacts(binary, file);
      return { mime: 'video/mp4', width, height, durationMs };
    },

    async preview(file, type) {
      let source: Buffer | string = file;
      if (type === 'video') {
        const frame = await run(binary, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-i',
          file,
          '-frames:v',
          '1',
          '-f',
          'image2pipe',
          '-vcodec',
          'png',
          '-',
        ]);
        if (frame.code !== 0 || frame.stdout.length === 0) {
          throw new Error(`poster frame failed: ${frame.stderr.slice(0, 300)}`);
        }
        source = frame.stdout;
      }
      // Read from the file in one pass (sequential access, sharp's default), never the whole picture
      // in memory; an alpha channel is kept (WebP has one), so a transparent result's preview is
      // transparent too: nothing is flattened onto a background.
      const { data, info } = await sharp(source, { limitInputPixels: MAX_OUTPUT_PIXELS })
        .resize({
          width: PREVIEW_SIDE,
          height: PREVIEW_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        // Effort 2 of 6: a 512 px preview's encoding was most of an ingest's time (a 2 MP output:
        // ~50 ms at the default 4, ~30 at 2, for a few per cent more bytes).
        .webp({ quality: 80, alphaQuality: 100, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    },

    videoFacts: (file) => readVideoFacts(binary, file),

    async lastFrame(file) {
      // From a second before the end, each decoded frame overwrites the picture: the last stays.
      const out = path.join(tmpdir(), `kadr-frame-${randomUUID()}.png`);
      try {
        const { code, stderr } = await run(binary, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-sseof',
          '-1',
          '-i',
          file,
          '-update',
          '1',
          '-f',
          'image2',
          '-vcodec',
          'png',
          '-y',
          out,
        ]);
        if (code !== 0) throw new Error(`last frame failed: ${stderr.slice(0, 300)}`);
        return await readFile(out);
      } finally {
        await rm(out, { force: true });
      }
    },

    async recording(input, output, maxMs) {
      const report = await run(binary, ['-hide_banner', '-i', input], RECORDING_TIMEOUT_MS);
      if (!/Stream #[^\n]*Audio: /.test(report.stderr)) return { outcome: 'unreadable' };
      const declared = reportedDurationMs(report.stderr);
      if (declared !== null && declared > maxMs)
        return { outcome: 'too_long', durationMs: declared };
      // Written again whatever it was: only the sound is kept, at most a little past the limit (a
      // file that lies about its length is cut, then measured).
      const written = await run(
        binary,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-i',
          input,
          '-map',
          '0:a:0',
          '-vn',
          '-sn',
          '-dn',
          '-map_metadata',
          '-1',
          '-t',
          seconds(maxMs + 1000),
          '-ar',
          '44100',
          '-c:a',
          'libmp3lame',
          '-b:a',
          '128k',
          '-f',
          'mp3',
          output,
        ],
        RECORDING_TIMEOUT_MS,
      );
      if (written.code !== 0) return { outcome: 'unreadable' };
      const measured = reportedDurationMs(
        (await run(binary, ['-hide_banner', '-i', output], RECORDING_TIMEOUT_MS)).stderr,
      );
      if (measured === null) return { outcome: 'unreadable' };
      if (measured > maxMs) return { outcome: 'too_long', durationMs: measured };
      return { outcome: 'written', durationMs: measured };
    },

    async join(clips, crossfadeMs, output) {
      const { code, stderr } = await run(binary, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        ...clips.flatMap((clip) => ['-i', clip.file]),
        '-filter_complex',
        joinFilter(clips, crossfadeMs),
        '-map',
        '[v]',
        '-map',
        '[a]',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
        '-pix_fmt',
        'yuv420p',
        '-r',
        String(clips[0]?.facts.fps ?? 24),
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        output,
      ]);
      if (code !== 0) throw new Error(`join failed: ${stderr.slice(0, 500)}`);
    },
  };
}
