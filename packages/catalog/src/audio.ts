/**
 * Recordings a person may upload for a talking character (issue #48, ADR 049): MP3, WAV, M4A
 * (AAC in MP4) and Ogg. The server sniffs the bytes against the same list and keeps an MP3.
 */
export const acceptedAudioTypes = [
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
] as const;

export type AcceptedAudioType = (typeof acceptedAudioTypes)[number];

/** The names browsers and systems give the same types (`audio/x-wav`, `audio/x-m4a`, `audio/mp3`). */
const aliases: Readonly<Record<string, AcceptedAudioType>> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
};

/** Case-insensitive; media-type parameters (`; codecs=…`) are ignored; aliases count. */
export function isAcceptedAudioType(mime: string): boolean {
  const bare = mime.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (acceptedAudioTypes as readonly string[]).includes(bare) || bare in aliases;
}

/** Whether a file parameter takes a recording (its `accept` lists audio types), not a picture. */
export function takesAudio(def: { type: string; accept?: readonly string[] }): boolean {
  return def.type === 'file' && (def.accept ?? []).some((type) => type.startsWith('audio/'));
}

/**
 * A recording's limits: at least a second (nothing to say otherwise), at most `recordingMaxSeconds`
 * (OmniHuman 1.5's schema refuses 35 s and more). Its file's size limit is every upload's.
 */
export const recordingMinMs = 1000;
export const recordingMaxSeconds = 30;
