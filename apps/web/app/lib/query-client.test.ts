import { describe, expect, it } from 'vitest';
import { modelsQueryRoot, persisted } from './query-client';

// Issue #33: a model switched off in the console came back after a reload for up to a minute,
// painted from the list persisted in local storage.
describe('the persisted query cache', () => {
  const query = (queryKey: readonly unknown[], status = 'success') => ({
    queryKey,
    state: { status },
  });

  it('never keeps the models on offer, in any type or language', () => {
    expect(persisted(query([modelsQueryRoot, 'image', 'ru']))).toBe(false);
    expect(persisted(query([modelsQueryRoot, 'video', 'en']))).toBe(false);
  });

  it('keeps what succeeded otherwise, as before', () => {
    expect(persisted(query(['history', { page: 1 }]))).toBe(true);
    expect(persisted(query(['history', { page: 1 }], 'error'))).toBe(false);
  });
});
