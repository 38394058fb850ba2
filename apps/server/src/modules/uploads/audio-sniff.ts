import type { AcceptedAudioType } from '@kadr/catalog';

/**
 * A recording's type from its first bytes, never from the name or the declared content type: MP3
 * (an ID3 tag or an MPEG audio frame), raw AAC (ADTS), WAV (RIFF … WAVE), M4A (an MP4 `ftyp` box)
 * or Ogg. What the bytes then hold is ffmpeg's to read (`MediaTools.recording`).
 */
export function sniffAudioType(bytes: Buffer): AcceptedAudioType | undefined {
  const at = (offset: number, length: number) =>
    bytes.subarray(offset, offset + length).toString('latin1');
  if (at(0, 3) === 'ID3') return 'audio/mpeg';
  if (at(0, 4) === 'RIFF' && at(8, 4) === 'WAVE') return 'audio/wav';
  if (at(0, 4) === 'OggS') return 'audio/ogg';
  if (at(4, 4) === 'ftyp') return 'audio/mp4';
  const [first = 0, second = 0] = bytes;
  if (first === 0xff && (second & 0xf6) === 0xf0) return 'audio/aac';
  // An MPEG audio frame: 11 sync bits, a version other than "reserved", a layer.
  if (
    first === 0xff &&
    (second & 0xe0) === 0xe0 &&
    (second & 0x18) !== 0x08 &&
    (second & 0x06) !== 0
  ) {
    return 'audio/mpeg';
  }
  return undefined;
}
