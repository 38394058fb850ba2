import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeAtomically } from './media.ts';
import type { EmulatedModel } from './models.ts';
import type { TrainedVersion } from './trained-lora.ts';

/**
 * The models made with `POST /v1/models` to receive trained versions, and the trained versions,
 * kept as JSON under `storageDir` (read back lazily), so a demo's trained characters outlive a
 * restart of the emulator as they would outlive one of Replicate. Trainings themselves live in
 * memory, as predictions do.
 */

export type DestinationModel = {
  owner: string;
  name: string;
  description: string | null;
  visibility: 'public' | 'private';
  hardware: string;
  createdAt: string;
  latestVersion: { id: string; createdAt: string } | null;
};

/** Replicate's rule for model (and here owner) names; also what keeps them safe as file names. */
export const MODEL_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const VERSION_ID = /^[0-9a-f]{64}$/;

const destinationSchema = z.object({
  owner: z.string().regex(MODEL_NAME),
  name: z.string().regex(MODEL_NAME),
  description: z.string().nullable(),
  visibility: z.enum(['public', 'private']),
  hardware: z.string(),
  createdAt: z.string(),
  latestVersion: z.object({ id: z.string().regex(VERSION_ID), createdAt: z.string() }).nullable(),
});

const trainedVersionSchema = z.object({
  id: z.string().regex(VERSION_ID),
  destination: z.string(),
  triggerWord: z.string(),
  trainingId: z.string(),
  createdAt: z.string(),
  pictures: z.int().min(0),
  thumbnails: z.array(z.string().startsWith('data:image/')),
});

async function readJson<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    return schema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch {
    // Absent, or not a file this store wrote: as good as absent.
    return undefined;
  }
}

function writeJson(path: string, value: unknown): Promise<void> {
  return writeAtomically(path, (tmp) => writeFile(tmp, JSON.stringify(value)));
}

export function createTrainedStore(storageDir: string) {
  const models = new Map<string, DestinationModel>();
  const versions = new Map<string, TrainedVersion>();
  const modelPath = (owner: string, name: string) =>
    join(storageDir, 'destination-models', owner, `${name}.json`);
  const versionPath = (id: string) => join(storageDir, 'trained-versions', `${id}.json`);
  /** Writes one after another: a check-then-create and two updates of one file never interleave. */
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  }

  async function getModel(owner: string, name: string): Promise<DestinationModel | undefined> {
    if (!MODEL_NAME.test(owner) || !MODEL_NAME.test(name)) return undefined;
    const ref = `${owner}/${name}`;
    const known = models.get(ref);
    if (known) return known;
    const loaded = await readJson(modelPath(owner, name), destinationSchema);
    if (loaded && !models.has(ref)) models.set(ref, loaded);
    return models.get(ref);
  }

  return {
    getModel,

    /** Creates the model; `false` when one of that name exists already. */
    createModel(model: DestinationModel): Promise<boolean> {
      return serial(async () => {
        if (await getModel(model.owner, model.name)) return false;
        await writeJson(modelPath(model.owner, model.name), model);
        models.set(`${model.owner}/${model.name}`, model);
        return true;
      });
    },

    /**
     * Makes `latest` the model's latest version: at once in memory (so the training that made it
     * can be seen succeeded right after), on disk when the returned promise resolves.
     */
    setLatestVersion(ref: string, latest: DestinationModel['latestVersion']): Promise<void> {
      const known = models.get(ref);
      if (known) known.latestVersion = latest;
      const [owner = '', name = ''] = ref.split('/');
      return serial(async () => {
        const model = await getModel(owner, name);
        if (!model) return;
        model.latestVersion = latest;
        await writeJson(modelPath(owner, name), model);
      });
    },

    saveVersion(version: TrainedVersion): Promise<void> {
      return serial(async () => {
        await writeJson(versionPath(version.id), version);
        versions.set(version.id, version);
      });
    },

    /** A trained version by its 64-hex id, from memory or from `storageDir`. */
    async findVersion(id: string): Promise<TrainedVersion | undefined> {
      if (!VERSION_ID.test(id)) return undefined;
      const known = versions.get(id);
      if (known) return known;
      const loaded = await readJson(versionPath(id), trainedVersionSchema);
      if (loaded) versions.set(id, loaded);
      return loaded;
    },
  };
}

export type TrainedStore = ReturnType<typeof createTrainedStore>;

/** A model as `GET /v1/models/{owner}/{name}` prints it. */
function modelJson(fields: {
  owner: string;
  name: string;
  description: string | null;
  visibility: 'public' | 'private';
  official: boolean;
  latestVersion: { id: string; createdAt: string | null } | null;
}) {
  return {
    url: `https://replicate.com/${fields.owner}/${fields.name}`,
    owner: fields.owner,
    name: fields.name,
    description: fields.description,
    visibility: fields.visibility,
    is_official: fields.official,
    github_url: null,
    paper_url: null,
    license_url: null,
    cover_image_url: null,
    run_count: 0,
    default_example: null,
    latest_version: fields.latestVersion
      ? {
          id: fields.latestVersion.id,
          created_at: fields.latestVersion.createdAt,
          cog_version: null,
          openapi_schema: null,
        }
      : null,
  };
}

export function destinationModelJson(model: DestinationModel) {
  return modelJson({ ...model, official: false });
}

/** An emulated model (and the trainer) by name: its pinned version as the latest, if it has one. */
export function emulatedModelJson(model: Pick<EmulatedModel, 'ref' | 'version' | 'official'>) {
  const [owner = '', name = ''] = model.ref.split('/');
  return modelJson({
    owner,
    name,
    description: null,
    visibility: 'public',
    official: model.official,
    latestVersion: model.official ? null : { id: model.version, createdAt: null },
  });
}
