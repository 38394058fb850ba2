import type { Repositories } from '../../repositories.ts';

/**
 * Which models are switched off, as every create, every model list and the console see it. Read
 * from the database at most once per `ttlMs` on each node (so a switch reaches every node within
 * that), and at once on the node that made the change.
 */
export function createModelSwitchService(deps: {
  repositories: Pick<Repositories, 'modelSwitches'>;
  ttlMs?: number | undefined;
  now?: () => number;
}) {
  const ttlMs = deps.ttlMs ?? 2000;
  const now = deps.now ?? Date.now;
  let cached: { off: ReadonlySet<string>; at: number } | undefined;
  let loading: Promise<ReadonlySet<string>> | undefined;

  async function load(): Promise<ReadonlySet<string>> {
    const rows = await deps.repositories.modelSwitches.list();
    const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.model));
    cached = { off, at: now() };
    return off;
  }

  return {
    /** The ids of the models that are off. */
    async off(): Promise<ReadonlySet<string>> {
      if (cached && now() - cached.at < ttlMs) return cached.off;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },

    /** Forgets what this node read, after a change here. */
    forget(): void {
      cached = undefined;
    },
  };
}

export type ModelSwitchService = ReturnType<typeof createModelSwitchService>;
