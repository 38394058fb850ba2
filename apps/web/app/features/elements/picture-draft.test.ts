import { elementPicturesMax } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import {
  type DraftPicture,
  draftBlocker,
  draftUrls,
  type IncomingPicture,
  roomLeft,
  withAdded,
  without,
  withRetry,
  withUploaded,
} from './picture-draft';

const file = (key: string): IncomingPicture => ({
  kind: 'file',
  key,
  file: new File(['x'], `${key}.png`, { type: 'image/png' }),
  preview: `blob:${key}`,
});
const result = (id: string): IncomingPicture => ({
  kind: 'result',
  key: `r-${id}`,
  result: id,
  url: `/api/files/${id}/out.png`,
  preview: `/api/files/${id}/thumb.webp`,
});
const files = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => file(`f${from + index}`));

describe('the pictures gathered for an element', () => {
  it('take files as uploading and results as ready, in the order given', () => {
    const { draft, overflow } = withAdded([], [file('a'), result('g1'), file('b')], 20);
    expect(draft.map((p) => [p.key, p.state, p.url])).toEqual([
      ['a', 'uploading', null],
      ['r-g1', 'ready', '/api/files/g1/out.png'],
      ['b', 'uploading', null],
    ]);
    expect(overflow).toBe(0);
  });

  it(`stop at the element's limit (${elementPicturesMax}): the first that fit are kept, the rest counted`, () => {
    const first = withAdded([], files(18), elementPicturesMax);
    expect(first.draft).toHaveLength(18);
    const second = withAdded(first.draft, files(5, 18), elementPicturesMax);
    expect(second.draft).toHaveLength(20);
    expect(second.added.map((p) => p.key)).toEqual(['f18', 'f19']);
    expect(second.overflow).toBe(3);
    // Full: nothing more goes in.
    const third = withAdded(second.draft, [result('g1')], elementPicturesMax);
    expect(third.draft).toHaveLength(20);
    expect(third.overflow).toBe(1);
  });

  it('count what an element already holds: adding to one with 17 leaves room for 3', () => {
    expect(roomLeft(17, elementPicturesMax)).toBe(3);
    expect(roomLeft(25, elementPicturesMax)).toBe(0);
    const { draft, overflow } = withAdded([], files(4), roomLeft(17, elementPicturesMax));
    expect(draft).toHaveLength(3);
    expect(overflow).toBe(1);
  });

  it('take a result once, however often it is picked, and not count it as too many', () => {
    const once = withAdded([], [result('g1')], 1);
    const twice = withAdded(once.draft, [result('g1')], 1);
    expect(twice.draft).toHaveLength(1);
    expect(twice.overflow).toBe(0);
  });

  it('let one be taken out before saving, making room again', () => {
    const full = withAdded([], files(20), 20).draft;
    const fewer = without(full, 'f3');
    expect(fewer).toHaveLength(19);
    expect(fewer.some((p) => p.key === 'f3')).toBe(false);
    expect(withAdded(fewer, [file('new')], 20).overflow).toBe(0);
  });

  it('are saved only when every one has its address: none, uploading and failed ones block', () => {
    expect(draftBlocker([])).toEqual({ kind: 'empty' });
    let draft: DraftPicture[] = withAdded([], [file('a'), file('b')], 20).draft;
    expect(draftBlocker(draft)).toEqual({ kind: 'uploading' });
    draft = withUploaded(draft, 'a', { url: '/api/files/a/a.png' });
    draft = withUploaded(draft, 'b', { error: 'Файл пустой.' });
    expect(draftBlocker(draft)).toEqual({ kind: 'failed', number: 2 });
    expect(draft[1]).toMatchObject({ state: 'failed', error: 'Файл пустой.' });
    draft = withRetry(draft, 'b');
    expect(draft[1]).toMatchObject({ state: 'uploading', error: null });
    draft = withUploaded(draft, 'b', { url: '/api/files/b/b.png' });
    expect(draftBlocker(draft)).toBeNull();
    expect(draftUrls(draft)).toEqual(['/api/files/a/a.png', '/api/files/b/b.png']);
  });

  it('ignore the end of an upload whose picture was taken out meanwhile', () => {
    const draft = without(withAdded([], [file('a')], 20).draft, 'a');
    expect(withUploaded(draft, 'a', { url: '/api/files/a/a.png' })).toEqual([]);
  });
});
