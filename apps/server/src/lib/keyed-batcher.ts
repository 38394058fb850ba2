/**
 * Runs work for one key at a time, in batches: the first item for an idle key starts at once, alone;
 * items that arrive for that key while it runs wait and then go together, in arrival order (at most
 * `maxBatch` at a time). No timers: a lone item never waits, and a burst costs one run per batch
 * instead of one per item. Different keys run independently.
 *
 * `run` gets the items in order and must answer one result per item, in the same order; if it
 * throws, every item of that batch is rejected with the error.
 */
export function createKeyedBatcher<I, O>(options: {
  maxBatch: number;
  run: (key: string, items: I[]) => Promise<O[]>;
}) {
  interface Waiting {
    item: I;
    resolve: (value: O) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      try {
        const results = await options.run(
          key,
          batch.map((w) => w.item),
        );
        if (results.length !== batch.length) {
          throw new Error(`batch of ${batch.length} answered ${results.length} results`);
        }
        batch.forEach((w, i) => {
          w.resolve(results[i] as O);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key: string, item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        const running = queues.get(key);
        if (running) {
          running.push({ item, resolve, reject });
          return;
        }
        const queue: Waiting[] = [{ item, resolve, reject }];
        queues.set(key, queue);
        void drain(key, queue);
      });
    },
    /** Keys with work queued or running (for tests and diagnostics). */
    get activeKeys(): number {
      return queues.size;
    },
  };
}
