import { describe, expect, it } from 'vitest';
import type { ModelSwitchRow } from './model-switch.repository.ts';
import { createModelSwitchService, type ModelSwitchFeed } from './model-switch.service.ts';

/** A switches table whose reads can be held open, and a feed the test speaks into. */
function setup() {
  let rows: ModelSwitchRow[] = [];
  let reads = 0;
  let hold: Promise<void> | undefined;
  const repositories = {
    modelSwitches: {
      list: async () => {
        reads++;
        const snapshot = rows;
        await hold;
        return snapshot;
      },
      find: async () => undefined,
      set: async () => {},
    },
  };
  const listeners = new Set<Parameters<ModelSwitchFeed['subscribe']>[0]>();
  const watchers = new Set<(listening: boolean) => void>();
  const feed: ModelSwitchFeed = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListening: (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
  const service = createModelSwitchService({ repositories, ttlMs: 60_000 });
  const off = (model: string) => {
    rows = [{ model, enabled: false, updated: new Date(), updatedBy: null }];
  };
  return {
    service,
    feed,
    off,
    reads: () => reads,
    notify: (model: string) => {
      for (const listener of listeners) listener({ kind: 'model', model });
    },
    listening: (value: boolean) => {
      for (const watcher of watchers) watcher(value);
    },
    holdReads: () => {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('the model switch cache', () => {
  it('forgets at once when another node notifies a switch, however long its TTL', async () => {
    const s = setup();
    const stop = s.service.useFeed(s.feed);
    expect(await s.service.off()).toEqual(new Set());
    s.off('qwen-image');
    expect(await s.service.off()).toEqual(new Set());
    s.notify('qwen-image');
    expect(await s.service.off()).toEqual(new Set(['qwen-image']));
    stop();
  });

  it('forgets when the feed starts or stops listening (a switch may have gone unheard)', async () => {
    const s = setup();
    const stop = s.service.useFeed(s.feed);
    await s.service.off();
    s.off('veo3');
    s.listening(false);
    expect(await s.service.off()).toEqual(new Set(['veo3']));
    stop();
    s.notify('veo3');
    await s.service.off();
    expect(s.reads()).toBe(2);
  });

  it('does not keep a read that was under way when the switch was notified', async () => {
    const s = setup();
    s.service.useFeed(s.feed);
    const release = s.holdReads();
    const early = s.service.off();
    s.off('seedream-3');
    s.notify('seedream-3');
    const late = s.service.off();
    release();
    expect(await early).toEqual(new Set());
    expect(await late).toEqual(new Set(['seedream-3']));
    expect(await s.service.off()).toEqual(new Set(['seedream-3']));
  });
});
