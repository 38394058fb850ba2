import type { RealtimeMessage } from '../../lib/realtime-messages.ts';
import type { ModelSwitchRepository } from './model-switch.repository.ts';

/** Where switches made on any node arrive: the realtime hub's LISTEN connection (`kadr_model`). */
export interface ModelSwitchFeed {
  subscribe(listener: (message: RealtimeMessage) => void): () => void;
  /** Called with true once the feed is listening, false when it stops (messages may be lost). */
  onListening(listener: (listening: boolean) => void): () => void;
}

/**
 * Which models are switched off, as every create, every model list and the console see it. Read
 * from the database at most once per `ttlMs` on each node, forgotten at once on the node that made
 * the change and, through `useFeed`, on every other node as soon as the switch's notification
 * arrives. The TTL stays as the bound for a notification lost while the feed was reconnecting.
 */
export function createModelSwitchService(deps: {
  repositories: { modelSwitches: ModelSwitchRepository };
  ttlMs?: number | undefined;
  now?: () => number;
}) {
  const ttlMs = deps.ttlMs ?? 2000;
  const now = deps.now ?? Date.now;
  let cached: { off: ReadonlySet<string>; at: number } | undefined;
  let loading: Promise<ReadonlySet<string>> | undefined;
  // Bumped by every forgetting: a read that began before a switch must not be kept after it.
  let epoch = 0;

  async function load(): Promise<ReadonlySet<string>> {
    const started = epoch;
    const rows = await deps.repositories.modelSwitches.list();
    const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.model));
    if (started === epoch) cached = { off, at: now() };
    return off;
  }

  function forget(): void {
    epoch++;
    cached = undefined;
    // A read already under way may have missed the switch: the next caller starts a fresh one.
    loading = undefined;
  }

  return {
    /** The ids of the models that are off. */
    async off(): Promise<ReadonlySet<string>> {
      if (cached && now() - cached.at < ttlMs) return cached.off;
      if (loading) return loading;
      const started = load().finally(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
      return started;
    },

    /** Forgets what this node read, after a change here or a notification of one elsewhere. */
    forget,

    /**
     * Forgets at once whenever a switch is notified from any node, and whenever the feed starts
     * or stops listening (a switch may have gone unheard meanwhile). Returns the unsubscribe.
     */
    useFeed(feed: ModelSwitchFeed): () => void {
      const unsubscribe = feed.subscribe((message) => {
        if (message.kind === 'model') forget();
      });
      const unwatch = feed.onListening(() => forget());
      return () => {
        unsubscribe();
        unwatch();
      };
    },
  };
}

export type ModelSwitchService = ReturnType<typeof createModelSwitchService>;
