import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import type { Size } from './geometry.ts';
import { resolveFfmpegPath } from './media.ts';

/**
 * Start and end frames (issue #48): a Seedance video given `image` and `last_frame_image` starts on
 * the first picture and ends on the last (each alone for END_FRAME_HOLD_SEC, media.ts), both
 * fitted to the video's size as `fitFramePicture` does. The helpers below let a test read a
 * video's first or last frame and compare it with the picture it should show.
 */

/**
 * A first or last frame picture at a video's size: scaled to cover it and cropped around the
 * centre (sharp's `fit: 'cover'`), transparency flattened on white.
 */
export function fitFramePicture(picture: Sharp, size: Size): Sharp {
  return picture
    .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' });
}

/** Decoded RGB pixels, 3 bytes a pixel, row by row. */
export type RgbFrame = { width: number; height: number; data: Buffer };

/** What a video file holds, as ffmpeg reads its first video stream. */
export type VideoFacts = {
  codec: string;
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  /** The number of video frames (packets) in the stream. */
  frameCount: number;
  /** The first sound stream's codec (`aac`), or null for a silent video. */
  audio: string | null;
};

const run = promisify(execFile);

/** Runs `use` with a path to the video: the given path, or a temporary copy of the bytes. */
async function withVideoFile<T>(
  video: string | Uint8Array,
  use: (path: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'kadr-video-frames-'));
  try {
    if (typeof video === 'string') return await use(video, dir);
    const path = join(dir, 'video.mp4');
    await writeFile(path, video);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** ffmpeg's report on a file (it prints it to stderr and exits non-zero when given no output). */
async function ffmpegReport(args: string[]): Promise<string> {
  try {
    const { stderr } = await run(resolveFfmpegPath(), ['-hide_banner', ...args], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stderr;
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    if (typeof stderr === 'string' && stderr.includes('Stream #')) return stderr;
    throw error;
  }
}

/** Codec, size, frame rate, duration and frame count of a video (a path or its bytes). */
export async function probeVideo(video: string | Uint8Array): Promise<VideoFacts> {
  return withVideoFile(video, async (path) => {
    const report = await ffmpegReport([
      '-i',
      path,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'null',
      '-',
    ]);
    const stream =
      /Stream #\d+:\d+[^\n]*?: Video: (\w+)[^\n]*?, (\d+)x(\d+)[^\n]*?, ([\d.]+) fps/.exec(report);
    const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(report);
    const frames = [...report.matchAll(/frame=\s*(\d+)/g)].at(-1);
    if (!stream || !duration || !frames)
      throw new Error(`ffmpeg could not read the video: ${report}`);
    return {
      codec: stream[1] ?? '',
      width: Number(stream[2]),
      height: Number(stream[3]),
      fps: Number(stream[4]),
      durationSec: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
      frameCount: Number(frames[1]),
      audio: /Stream #\d+:\d+[^\n]*?: Audio: (\w+)/.exec(report)?.[1] ?? null,
    };
  });
}

async function rgb(picture: Sharp): Promise<RgbFrame> {
  const { data, info } = await picture.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The first or the last frame of a video (a path or its bytes), decoded to RGB. */
export async function readVideoFrame(
  video: string | Uint8Array,
  which: 'first' | 'last',
): Promise<RgbFrame> {
  return withVideoFile(video, async (path, dir) => {
    const frame = join(dir, 'frame.png');
    // The last frame: decode the last second and keep overwriting one picture with each frame.
    const input = which === 'last' ? ['-sseof', '-1', '-i', path, '-update', '1'] : ['-i', path];
    await run(resolveFfmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...input,
      ...(which === 'first' ? ['-frames:v', '1'] : []),
      '-f',
      'image2',
      frame,
    ]);
    return rgb(sharp(frame));
  });
}

/**
 * The mean absolute difference per channel (0–255) between a decoded frame and a picture (its
 * bytes, fitted to the frame's size as the emulator fits start and end frames, or another frame of
 * the same size). An H.264 frame of the picture it shows differs by a few units; another picture
 * by tens.
 */
export async function frameDifference(
  frame: RgbFrame,
  picture: Uint8Array | RgbFrame,
): Promise<number> {
  const other =
    picture instanceof Uint8Array
      ? await rgb(fitFramePicture(sharp(picture, { autoOrient: true }), frame))
      : picture;
  if (other.width !== frame.width || other.height !== frame.height) {
    throw new Error(
      `frames of different sizes: ${frame.width}x${frame.height} and ${other.width}x${other.height}`,
    );
  }
  let total = 0;
  for (let i = 0; i < frame.data.length; i++) {
    total += Math.abs((frame.data[i] ?? 0) - (other.data[i] ?? 0));
  }
  return total / frame.data.length;
}

/**
 * A talking character (issue #48): OmniHuman's video carries the recording it was given. A test
 * makes a recording that speaks, then falls silent (a tone, then silence), and reads how loud a
 * stretch of a file's sound is, so it can tell the recording's own shape in what came back.
 */
export async function makeRecording(
  path: string,
  {
    toneSec,
    silenceSec,
    frequency = 440,
  }: { toneSec: number; silenceSec: number; frequency?: number },
): Promise<void> {
  const total = toneSec + silenceSec;
  await run(resolveFfmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=44100:duration=${total}`,
    '-af',
    `volume=enable='gte(t,${toneSec})':volume=0`,
    // The container follows the name: .mp3, .wav, .m4a, .ogg.
    ...(path.endsWith('.ogg') ? ['-c:a', 'libvorbis'] : []),
    path,
  ]);
}

/** The mean loudness (dBFS; −91 is silence) of a file's sound from `fromSec` to `toSec`. */
export async function meanVolume(
  media: string | Uint8Array,
  fromSec: number,
  toSec: number,
): Promise<number> {
  return withVideoFile(media, async (path) => {
    const report = await ffmpegReport([
      '-ss',
      String(fromSec),
      '-t',
      String(toSec - fromSec),
      '-i',
      path,
      '-map',
      '0:a:0',
      '-af',
      'volumedetect',
      '-f',
      'null',
      '-',
    ]);
    const volume = /mean_volume: (-?[\d.]+|-inf) dB/.exec(report)?.[1];
    if (volume === undefined) throw new Error(`ffmpeg measured no sound: ${report.slice(-500)}`);
    return volume === '-inf' ? -91 : Number(volume);
  });
}
