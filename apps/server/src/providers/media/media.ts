import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
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
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
      // `ffmpeg -i` with no output prints the container's facts and exits non-zero by design.
      const { stderr } = await run(binary, ['-hide_banner', '-i', file]);
      const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
      const size = /Video: [^\n]*?(\d{2,5})x(\d{2,5})/.exec(stderr);
      if (!duration || !size) throw new Error('output is not a readable video');
      const ms =
        (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000;
      return {
        mime: 'video/mp4',
        width: Number(size[1]),
        height: Number(size[2]),
        durationMs: Math.round(ms),
      };
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
  };
}
