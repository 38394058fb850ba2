import { describe, expect, it } from 'vitest';
import { readHistoryParams, withPageSize, withType, writeHistoryParams } from './history-params';

describe('history address parameters', () => {
  it('reads the defaults from a bare address', () => {
    expect(readHistoryParams(new URLSearchParams())).toEqual({
      type: undefined,
      page: 1,
      perPage: 12,
    });
  });

  it('reads type, page and size and writes them back', () => {
    const search = new URLSearchParams('type=video&page=3&perPage=24');
    const filter = readHistoryParams(search);
    expect(filter).toEqual({ type: 'video', page: 3, perPage: 24 });
    expect(writeHistoryParams(filter).toString()).toBe('type=video&page=3&perPage=24');
  });

  it('ignores values it cannot use', () => {
    expect(readHistoryParams(new URLSearchParams('type=audio&page=-2&perPage=13'))).toEqual({
      type: undefined,
      page: 1,
      perPage: 12,
    });
    expect(readHistoryParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('leaves defaults out of the address', () => {
    expect(writeHistoryParams({ page: 1, perPage: 12 }).toString()).toBe('');
  });

  it('a new type starts at page 1; a new size keeps the first item in view', () => {
    expect(withType({ type: undefined, page: 4, perPage: 12 }, 'image')).toEqual({
      type: 'image',
      page: 1,
      perPage: 12,
    });
    // Items 37–48 on page 4 of 12 → item 37 is on page 2 of 24 and page 7 of 6.
    expect(withPageSize({ page: 4, perPage: 12 }, 24).page).toBe(2);
    expect(withPageSize({ page: 4, perPage: 12 }, 6).page).toBe(7);
  });
});
