import { describe, expect, it } from 'vitest';
import { elementsHref, readElementsParams } from './elements-params';

describe('the library’s address', () => {
  it('holds the kind and the archive, and nothing for the default view', () => {
    expect(readElementsParams(new URLSearchParams(''))).toEqual({ kind: null, archived: false });
    expect(readElementsParams(new URLSearchParams('kind=product&archived=1'))).toEqual({
      kind: 'product',
      archived: true,
    });
    expect(readElementsParams(new URLSearchParams('kind=style&archived=yes'))).toEqual({
      kind: null,
      archived: false,
    });
    expect(elementsHref({ kind: null, archived: false })).toBe('/elements');
    expect(elementsHref({ kind: 'character', archived: true })).toBe(
      '/elements?kind=character&archived=1',
    );
  });
});
