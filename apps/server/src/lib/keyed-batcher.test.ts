import { describe, expect, it } from 'vitest';
import { createKeyedBatcher } from './keyed-batcher.ts';

/** A run whose every call waits until the test releases it, recording what each call got. */
function controlledRun() {
  const calls: { key: string; items: number[]; release: (fail?: Error) => void }[] = [];
  const run = (key: string, items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        key,
        items,
        release: (fail) => (fail ? reject(fail) : resolve(items.map((i) => `${key}:${i}`))),
      });
    });
  return { calls, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createKeyedBatcher', () => {
  it('runs a lone item at once, then everything that queued meanwhile as one batch, in order', async () => {
    const { calls, run } = controlledRun();
    const batcher = createKeyedBatcher({ maxBatch: 10, run });
    const first = batcher.submit('a', 1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const rest = [2, 3, 4].map((i) => batcher.submit('a', i));
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]?.release();
    expect(await first).toBe('a:1');
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]?.release();
    expect(await Promise.all(rest)).toEqual(['a:2', 'a:3', 'a:4']);
    expect(batcher.activeKeys).toBe(0);
  });

  it('keeps keys independent and batches at most maxBatch items', async () => {
    const { calls, run } = controlledRun();
    const batcher = createKeyedBatcher({ maxBatch: 2, run });
    const a = [1, 2, 3, 4].map((i) => batcher.submit('a', i));
    const b = batcher.submit('b', 9);
    expect(calls.map((c) => [c.key, c.items])).toEqual([
      ['a', [1]],
      ['b', [9]],
    ]);
    calls[1]?.release();
    expect(await b).toBe('b:9');
    calls[0]?.release();
    await tick();
    expect(calls[2]?.items).toEqual([2, 3]);
    calls[2]?.release();
    await tick();
    expect(calls[3]?.items).toEqual([4]);
    calls[3]?.release();
    expect(await Promise.all(a)).toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
  });

  it('rejects every item of a failed batch and goes on with the next one', async () => {
    const { calls, run } = controlledRun();
    const batcher = createKeyedBatcher({ maxBatch: 10, run });
    const first = batcher.submit('a', 1);
    const second = batcher.submit('a', 2);
    const third = batcher.submit('a', 3);
    calls[0]?.release();
    await first;
    await tick();
    calls[1]?.release(new Error('refused'));
    await expect(second).rejects.toThrow('refused');
    await expect(third).rejects.toThrow('refused');
    const fourth = batcher.submit('a', 4);
    calls[2]?.release();
    expect(await fourth).toBe('a:4');
  });

  it('refuses an answer that does not have one result per item', async () => {
    const batcher = createKeyedBatcher<number, number>({ maxBatch: 10, run: async () => [] });
    await expect(batcher.submit('a', 1)).rejects.toThrow('answered 0 results');
  });
});
