import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectRealtime,
  connectTimeoutMs,
  type RealtimeEnvironment,
  type RealtimeHandlers,
  reconnectDelay,
} from './realtime';

/** Just enough of EventSource: the client listens, reads readyState and closes. */
class FakeEventSource extends EventTarget {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;

  readonly url: string;

  constructor(url: string) {
    super();
    this.url = url;
  }

  close() {
    this.readyState = this.CLOSED;
  }

  emit(type: string, data: string) {
    this.readyState = this.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data }));
  }

  /** A dropped connection (the browser would retry by itself). */
  fail() {
    this.readyState = this.CONNECTING;
    this.onerror?.(new Event('error'));
  }
}

function setup(handlers: Partial<RealtimeHandlers> = {}) {
  const sources: FakeEventSource[] = [];
  let hidden = false;
  const visibleListeners = new Set<() => void>();
  const environment: RealtimeEnvironment = {
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    isHidden: () => hidden,
    onVisible: (listener) => {
      visibleListeners.add(listener);
      return () => visibleListeners.delete(listener);
    },
  };
  const onUser = vi.fn();
  const onGeneration = vi.fn();
  const onConnectedChange = vi.fn();
  const close = connectRealtime(
    { onUser, onGeneration, onConnectedChange, ...handlers },
    environment,
  );
  const latest = () => {
    const source = sources.at(-1);
    if (!source) throw new Error('no stream was opened');
    return source;
  };
  return {
    sources,
    latest,
    close,
    onUser,
    onGeneration,
    onConnectedChange,
    hide: () => {
      hidden = true;
    },
    show: () => {
      hidden = false;
      for (const listener of visibleListeners) listener();
    },
    visibleListeners,
  };
}

/** Fails the current stream and returns how long the client waited before opening the next one. */
function measureRetry(realtime: ReturnType<typeof setup>): number {
  const before = realtime.sources.length;
  realtime.latest().fail();
  let waited = 0;
  while (realtime.sources.length === before) {
    vi.advanceTimersByTime(50);
    waited += 50;
    if (waited > 60_000) throw new Error('never reconnected');
  }
  return waited;
}

describe('reconnectDelay', () => {
  it.each([
    [0, 200],
    [1, 300],
    [2, 500],
    [3, 1000],
    [4, 1200],
    [5, 1500],
    [6, 2000],
    [7, 2000],
    [100, 2000],
  ])('waits before attempt %i for %i ms', (attempt, delay) => {
    expect(reconnectDelay(attempt)).toBe(delay);
  });
});

describe('connectRealtime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens /api/realtime and passes on user and generation events', () => {
    const realtime = setup();
    expect(realtime.latest().url).toBe('/api/realtime');
    realtime.latest().emit('user', '{"id":"u1","tokens":125}');
    realtime.latest().emit('generation', '{"id":"g1"}');
    expect(realtime.onUser).toHaveBeenCalledWith({ id: 'u1', tokens: 125 });
    expect(realtime.onGeneration).toHaveBeenCalledWith({ id: 'g1' });
    expect(realtime.onConnectedChange).toHaveBeenLastCalledWith(true);
  });

  it('passes on models events: an operator switched a model off or on', () => {
    const onModels = vi.fn();
    const realtime = setup({ onModels });
    realtime.latest().emit('user', '{}');
    realtime.latest().emit('models', '{"id":"seedream-3"}');
    expect(onModels).toHaveBeenCalledWith({ id: 'seedream-3' });
  });

  it('ignores an unreadable event without throwing', () => {
    const realtime = setup();
    realtime.latest().emit('user', 'not json');
    expect(realtime.onUser).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });

  it('reconnects with the spec delays, the last one repeating', () => {
    const realtime = setup();
    const waits = Array.from({ length: 9 }, () => measureRetry(realtime));
    expect(waits).toEqual([200, 300, 500, 1000, 1200, 1500, 2000, 2000, 2000]);
    // Each failed stream was closed before the next one opened.
    expect(realtime.sources.slice(0, -1).every((source) => source.readyState === 2)).toBe(true);
  });

  it('starts the schedule over once a stream delivers its first event', () => {
    const realtime = setup();
    measureRetry(realtime);
    measureRetry(realtime);
    measureRetry(realtime);
    realtime.latest().emit('user', '{}');
    expect(measureRetry(realtime)).toBe(200);
    expect(realtime.onConnectedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('drops a stream that sends nothing within the connect timeout and tries again', () => {
    const realtime = setup();
    vi.advanceTimersByTime(connectTimeoutMs - 1);
    expect(realtime.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(realtime.sources[0]?.readyState).toBe(2);
    vi.advanceTimersByTime(200);
    expect(realtime.sources).toHaveLength(2);
  });

  it('keeps a stream that has spoken open past the connect timeout', () => {
    const realtime = setup();
    realtime.latest().emit('user', '{}');
    vi.advanceTimersByTime(connectTimeoutMs * 3);
    expect(realtime.sources).toHaveLength(1);
    expect(realtime.latest().readyState).toBe(1);
  });

  it('asks before each reconnection, and stops for good when the session has ended', async () => {
    let answer = (_goOn: boolean) => {};
    const beforeReconnect = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const realtime = setup({ beforeReconnect });

    realtime.latest().fail();
    await vi.advanceTimersByTimeAsync(200);
    expect(beforeReconnect).toHaveBeenCalledOnce();
    expect(realtime.sources).toHaveLength(1);
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(realtime.sources).toHaveLength(2);

    realtime.latest().fail();
    await vi.advanceTimersByTimeAsync(300);
    expect(beforeReconnect).toHaveBeenCalledTimes(2);
    answer(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(realtime.sources).toHaveLength(2);
    expect(beforeReconnect).toHaveBeenCalledTimes(2);
  });

  it('does not reconnect while the page is hidden, and reconnects at once when shown', () => {
    const realtime = setup();
    realtime.hide();
    realtime.latest().fail();
    vi.advanceTimersByTime(60_000);
    expect(realtime.sources).toHaveLength(1);
    realtime.show();
    expect(realtime.sources).toHaveLength(2);
    // Showing the page again while connected opens nothing more.
    realtime.show();
    expect(realtime.sources).toHaveLength(2);
  });

  it('a stream replaced by another tab waits until the page is shown again (no reconnect storm)', () => {
    const realtime = setup();
    realtime.latest().emit('user', '{}');
    realtime.latest().emit('closed', '{"reason":"replaced"}');
    vi.advanceTimersByTime(120_000);
    expect(realtime.sources).toHaveLength(1);
    realtime.show();
    expect(realtime.sources).toHaveLength(2);
  });

  it('a stream closed for another reason reconnects as usual', () => {
    const realtime = setup();
    realtime.latest().emit('user', '{}');
    realtime.latest().emit('closed', '{"reason":"slow"}');
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(realtime.sources).toHaveLength(2);
  });

  it('closes the stream and stops everything on close', () => {
    const realtime = setup();
    realtime.latest().fail();
    realtime.close();
    vi.advanceTimersByTime(60_000);
    expect(realtime.sources).toHaveLength(1);
    expect(realtime.visibleListeners.size).toBe(0);

    const connected = setup();
    connected.latest().emit('user', '{}');
    connected.close();
    expect(connected.latest().readyState).toBe(2);
    expect(connected.onConnectedChange).toHaveBeenLastCalledWith(false);
  });
});
