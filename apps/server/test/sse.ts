/** One server-sent event as a test reads it. */
export interface ReadEvent {
  event: string;
  data: unknown;
}

/** Reads server-sent events from a real HTTP stream at `base` (`/api/realtime`) as they arrive. */
export async function openStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/realtime`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const events: ReadEvent[] = [];
  /** `retry:` hints the server sent, in order. */
  const retries: number[] = [];
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = (async () => {
    while (reader) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const retry = /^retry: (\d+)$/m.exec(block)?.[1];
        if (retry) retries.push(Number(retry));
        if (event && data) events.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    res,
    events,
    retries,
    /** Settles when the server ends the stream. */
    ended: pump,
    async waitFor(predicate: (e: ReadEvent) => boolean, ms = 1000) {
      const started = Date.now();
      while (Date.now() - started < ms) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`);
    },
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
