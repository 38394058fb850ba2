import {
  cardSteps,
  getCardScene,
  getMarketplacePreset,
  getModel,
  type MarketplacePreset,
  type ToolKind,
} from '@kadr/catalog';
import { type CardSet, type CardSetBody, uuidPattern } from '@kadr/contract';
import type { SessionUser } from '../auth/index.ts';
import { type FileRepository, type FileUrls, findOwnImage } from '../files/index.ts';
import type { Generations } from '../generations/index.ts';
import type { CardFieldError } from './card-errors.ts';
import type { CardSetRepository, CardSetRow, CardSetValues } from './card-set.repository.ts';
import { filesOfSets, servedName, toCardSet } from './set-files.ts';

/** None of the person's sets has this id. */
type NotFound = { outcome: 'not_found' };
const notFound: NotFound = { outcome: 'not_found' };

/** One of the person's sets, or none. */
export type CardSetRead = { outcome: 'found'; set: CardSet } | NotFound;

/** How creating or updating a set ended: a wrong field changes nothing. */
export type CardSetSave =
  | { outcome: 'saved'; set: CardSet }
  | { outcome: 'invalid'; errors: CardFieldError[] }
  | NotFound;

/** How deleting a set ended. */
export type CardSetRemoval = { outcome: 'removed' } | NotFound;

/** An upscale of an upscale of a cut-out is still the cut-out; a longer chain is not followed. */
const MAX_UPSCALES = 4;

/** The services' shared reading of the catalogue and the person's pictures and generations. */
export interface CardSetDeps {
  repositories: {
    cardSets: CardSetRepository;
    files: FileRepository;
    generations: Pick<Generations, 'findOwned'>;
  };
  urls: FileUrls;
  publicUrl: string;
}

/**
 * The checks every set's fields pass, shared by a set's create and update and a CSV's: the preset
 * and the scene are the catalogue's, and the photo is one of the person's own pictures (answered
 * as the address it is served at, absolute, as an upload answers it).
 */
export function createSetChecks(deps: CardSetDeps) {
  const { files, generations } = deps.repositories;

  /** The person's picture at this address, as its absolute address; undefined if not theirs. */
  async function ownPicture(user: SessionUser, address: string): Promise<string | undefined> {
    const file = await findOwnImage(
      { files, urls: deps.urls, publicUrl: deps.publicUrl },
      user.id,
      address,
    );
    return file ? deps.urls.absolute(file.id, servedName(file)) : undefined;
  }

  /**
   * Whether a generation is the person's and made by `tool` — or an upscale of one (an upscaled
   * cut-out is a cut-out).
   */
  async function toolGeneration(
    user: SessionUser,
    field: string,
    id: string,
    tool: ToolKind,
  ): Promise<CardFieldError | undefined> {
    let at = uuidPattern.test(id) ? await generations.findOwned(user.id, id) : undefined;
    if (!at) return { field, code: 'not_own_generation' };
    for (let step = 0; step <= MAX_UPSCALES && at; step++) {
      const kind = getModel(at.model)?.tool?.kind;
      if (kind === tool) return undefined;
      if (kind !== cardSteps.enlarge || !at.sourceGenerationId) break;
      at = await generations.findOwned(user.id, at.sourceGenerationId);
    }
    return { field, code: 'wrong_tool', tool };
  }

  /** The preset and the scene, each checked against the catalogue. */
  function presetAndScene(
    body: { preset: string; backdrop: string },
    errors: CardFieldError[],
  ): MarketplacePreset | undefined {
    const preset = getMarketplacePreset(body.preset);
    if (!preset) errors.push({ field: 'preset', code: 'unknown_preset' });
    if (!getCardScene(body.backdrop)) errors.push({ field: 'backdrop', code: 'unknown_scene' });
    return preset;
  }

  return {
    ownPicture,
    presetAndScene,

    /** The set's values to store, or every field at fault. */
    async values(
      user: SessionUser,
      body: CardSetBody,
    ): Promise<
      { outcome: 'valid'; values: CardSetValues } | { outcome: 'invalid'; errors: CardFieldError[] }
    > {
      const errors: CardFieldError[] = [];
      const preset = presetAndScene(body, errors);
      if (preset && body.slides.length > preset.slides.max) {
        errors.push({
          field: 'slides',
          code: 'too_many_slides',
          limit: preset.slides.max,
          preset: preset.id,
        });
      }
      const photo = await ownPicture(user, body.photo);
      if (!photo) errors.push({ field: 'photo', code: 'not_own_picture' });
      for (const [field, id, tool] of [
        ['cutout', body.cutout, cardSteps.cutout],
        ['scene', body.scene, cardSteps.scene],
      ] as const) {
        const error = id === null ? undefined : await toolGeneration(user, field, id, tool);
        if (error) errors.push(error);
      }
      if (errors.length > 0 || !photo) return { outcome: 'invalid', errors };
      return {
        outcome: 'valid',
        values: {
          name: body.name.trim(),
          preset: body.preset,
          photo,
          cutoutGenerationId: body.cutout,
          sceneGenerationId: body.scene,
          backdrop: body.backdrop,
          slides: body.slides,
        },
      };
    },
  };
}

/**
 * A person's card sets: list, read, create, update, delete. Every field is checked before anything
 * is written; nothing here runs a generation or moves a token — a set only names the generations
 * it shows, so editing text or switching the preset re-runs nothing.
 */
export function createCardSetService(deps: CardSetDeps) {
  const { cardSets, files } = deps.repositories;
  const checks = createSetChecks(deps);

  async function records(user: SessionUser, rows: CardSetRow[]): Promise<CardSet[]> {
    const found = await filesOfSets({ files, urls: deps.urls }, user.id, rows);
    return rows.map((row) =>
      toCardSet(
        row,
        found.get(row.id) ?? { photo: undefined, cutout: undefined, scene: undefined },
        deps.urls,
      ),
    );
  }

  async function read(user: SessionUser, id: string): Promise<CardSetRead> {
    const row = uuidPattern.test(id) ? await cardSets.findOwned(user.id, id) : undefined;
    if (!row) return notFound;
    const [set] = await records(user, [row]);
    return set ? { outcome: 'found', set } : notFound;
  }

  return {
    /** The person's sets, the most recently changed first. */
    async list(user: SessionUser): Promise<{ items: CardSet[] }> {
      return { items: await records(user, await cardSets.list(user.id)) };
    },

    read,

    async create(user: SessionUser, body: CardSetBody): Promise<CardSetSave> {
      const checked = await checks.values(user, body);
      if (checked.outcome === 'invalid') return checked;
      const id = await cardSets.insert(user.id, checked.values);
      const made = await read(user, id);
      return made.outcome === 'found' ? { outcome: 'saved', set: made.set } : made;
    },

    /** Writes the set whole (a preset switch is an ordinary update: nothing is re-run). */
    async update(user: SessionUser, id: string, body: CardSetBody): Promise<CardSetSave> {
      if (!uuidPattern.test(id) || !(await cardSets.findOwned(user.id, id))) return notFound;
      const checked = await checks.values(user, body);
      if (checked.outcome === 'invalid') return checked;
      if (!(await cardSets.update(user.id, id, checked.values))) return notFound;
      const saved = await read(user, id);
      return saved.outcome === 'found' ? { outcome: 'saved', set: saved.set } : saved;
    },

    async remove(user: SessionUser, id: string): Promise<CardSetRemoval> {
      return uuidPattern.test(id) && (await cardSets.delete(user.id, id))
        ? { outcome: 'removed' }
        : notFound;
    },
  };
}

export type CardSetService = ReturnType<typeof createCardSetService>;
