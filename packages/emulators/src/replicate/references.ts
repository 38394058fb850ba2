import sharp, { type OverlayOptions } from 'sharp';
import type { Size } from './geometry.ts';
import { fetchInputPicture } from './inputs.ts';
import type { PictureRef } from './tool-jobs.ts';
import type { FetchLike } from './webhooks.ts';

/**
 * Reference pictures made visible (issue #47): the emulator cannot keep a face, so it shows what
 * it was given — each reference as a square thumbnail in a row along the output's top-left, in
 * the order sent — so a test (or a person in demo mode) sees which references reached the model.
 */

/** Where the thumbnail of each reference goes on an output of `size`, in order. */
export function referenceSlots(
  size: Size,
  count: number,
): { left: number; top: number; side: number }[] {
  const side = Math.max(8, Math.round(Math.min(size.width, size.height) * 0.18));
  const gap = Math.max(2, Math.round(side * 0.12));
  const perRow = Math.max(1, Math.floor((size.width - gap) / (side + gap)));
  return Array.from({ length: count }, (_, i) => ({
    left: gap + (i % perRow) * (side + gap),
    top: gap + Math.floor(i / perRow) * (side + gap),
    side,
  }));
}

/**
 * A transparent PNG of `size` with the references' thumbnails on it (each the picture cropped to a
 * square, framed in white), to lay over a render, and any further `layers` above them (a trained
 * LoRA's trigger-word band). A reference that cannot be fetched or decoded fails the prediction,
 * naming its field, as a model that cannot read its input does.
 */
export async function referenceOverlay(
  size: Size,
  references: readonly PictureRef[],
  options: { fetch: FetchLike; signal?: AbortSignal },
  layers: readonly OverlayOptions[] = [],
): Promise<Buffer> {
  const slots = referenceSlots(size, references.length);
  const thumbnails = await Promise.all(
    references.map(async (reference, i) => {
      const slot = slots[i];
      if (!slot) throw new Error('no slot');
      const picture = await fetchInputPicture(reference.url, {
        fetch: options.fetch,
        field: reference.field,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const frame = Math.max(1, Math.round(slot.side / 40));
      const inner = slot.side - 2 * frame;
      const thumbnail = await picture
        .open()
        .resize(inner, inner, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .extend({ top: frame, bottom: frame, left: frame, right: frame, background: '#ffffff' })
        .png()
        .toBuffer();
      return { input: thumbnail, left: slot.left, top: slot.top };
    }),
  );
  return sharp({
    create: { width: size.width, height: size.height, channels: 4, background: '#00000000' },
  })
    .composite([...thumbnails, ...layers])
    .png()
    .toBuffer();
}
