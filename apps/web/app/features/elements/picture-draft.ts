/**
 * The pictures a person is gathering for an element before they are saved (a new element's, or
 * those being added to one): files uploading or uploaded, and results picked. Pure: the field
 * (components/picture-field.tsx) keeps the list in its state and runs the uploads.
 */

export type DraftPicture = {
  /** Its identity in the list (the same file picked twice is two pictures). */
  key: string;
  /** What its thumbnail shows: the file itself (an object URL), or a result's preview. */
  preview: string;
  /** The Kadr address the server takes it by, once it has one. */
  url: string | null;
  state: 'uploading' | 'ready' | 'failed';
  /** Why it did not upload, in the person's language. */
  error: string | null;
  /** The file, kept to upload it again after a failure. */
  file: File | null;
  /** The result it was picked from, so that picking it again takes it out. */
  result: string | null;
};

/** A picture to add: a file to upload, or a result with its address and its preview. */
export type IncomingPicture =
  | { kind: 'file'; key: string; file: File; preview: string }
  | { kind: 'result'; key: string; result: string; url: string; preview: string };

/** How many more pictures fit under `limit`. */
export function roomLeft(count: number, limit: number): number {
  return Math.max(0, limit - count);
}

/**
 * The list with what fits of `incoming` added after it, in order; `overflow` is how many did not
 * fit. A result already in the list is not added again (and is not counted as overflow).
 */
export function withAdded(
  draft: readonly DraftPicture[],
  incoming: readonly IncomingPicture[],
  limit: number,
): { draft: DraftPicture[]; added: DraftPicture[]; overflow: number } {
  const fresh = incoming.filter(
    (item) => item.kind === 'file' || !draft.some((picture) => picture.result === item.result),
  );
  const room = roomLeft(draft.length, limit);
  const added = fresh.slice(0, room).map(
    (item): DraftPicture =>
      item.kind === 'file'
        ? {
            key: item.key,
            preview: item.preview,
            url: null,
            state: 'uploading',
            error: null,
            file: item.file,
            result: null,
          }
        : {
            key: item.key,
            preview: item.preview,
            url: item.url,
            state: 'ready',
            error: null,
            file: null,
            result: item.result,
          },
  );
  return { draft: [...draft, ...added], added, overflow: fresh.length - added.length };
}

export function without(draft: readonly DraftPicture[], key: string): DraftPicture[] {
  return draft.filter((picture) => picture.key !== key);
}

/** The list with one picture's upload ended: its address, or why it failed. */
export function withUploaded(
  draft: readonly DraftPicture[],
  key: string,
  outcome: { url: string } | { error: string },
): DraftPicture[] {
  return draft.map((picture) => {
    if (picture.key !== key) return picture;
    return 'url' in outcome
      ? { ...picture, url: outcome.url, state: 'ready', error: null }
      : { ...picture, state: 'failed', error: outcome.error };
  });
}

/** The list with a failed picture uploading again. */
export function withRetry(draft: readonly DraftPicture[], key: string): DraftPicture[] {
  return draft.map((picture) =>
    picture.key === key && picture.state === 'failed'
      ? { ...picture, state: 'uploading', error: null }
      : picture,
  );
}

/**
 * What keeps the list from being saved, if anything: nothing in it, an upload still running, or a
 * picture that did not upload (its number, from 1).
 */
export type DraftBlocker =
  | { kind: 'empty' }
  | { kind: 'uploading' }
  | { kind: 'failed'; number: number };

export function draftBlocker(draft: readonly DraftPicture[]): DraftBlocker | null {
  if (draft.length === 0) return { kind: 'empty' };
  const failed = draft.findIndex((picture) => picture.state === 'failed');
  if (failed >= 0) return { kind: 'failed', number: failed + 1 };
  if (draft.some((picture) => picture.state === 'uploading')) return { kind: 'uploading' };
  return null;
}

/** The addresses to send, in the list's order (only once `draftBlocker` says nothing). */
export function draftUrls(draft: readonly DraftPicture[]): string[] {
  return draft.flatMap((picture) => (picture.url ? [picture.url] : []));
}
