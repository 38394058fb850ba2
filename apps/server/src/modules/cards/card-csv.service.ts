import { createHash } from 'node:crypto';
import { cardStepTool, type MarketplacePreset } from '@kadr/catalog';
import {
  type Batch,
  type BatchBody,
  type BulletIcon,
  type CardCsvBody,
  type CardCsvQuote,
  type CardSet,
  cardLimits,
  type Slide,
  type SlidePicture,
  slideKinds,
} from '@kadr/contract';
import type { SessionUser } from '../auth/index.ts';
import type { BatchService, BatchStart } from '../batches/index.ts';
import type { IdempotencyKeyRepository } from '../generations/index.ts';
import type { CardFieldError } from './card-errors.ts';
import type { CardSetRepository } from './card-set.repository.ts';
import type { CardSetDeps } from './card-set.service.ts';
import { createSetChecks } from './card-set.service.ts';
import { type ProductRow, parseProductCsv } from './product-csv.ts';
import { filesOfSets, toCardSet } from './set-files.ts';

/** A product's checked row with the absolute address of its photo. */
type PreparedRow = ProductRow & { photoUrl: string };

/** A CSV that passed every check, and the batch that cuts its products out. */
type Prepared = {
  preset: MarketplacePreset;
  backdrop: string;
  rows: PreparedRow[];
  batch: BatchBody;
};

type Invalid = { outcome: 'invalid'; errors: CardFieldError[] };

/** Why the batch refuses what a CSV would start (other than a row's fields). */
type BatchRefusal = Exclude<BatchStart, { outcome: 'started' | 'replayed' | 'invalid' }>;

export type CardCsvQuoteOutcome =
  | { outcome: 'quoted'; quote: CardCsvQuote }
  | Invalid
  | Extract<BatchRefusal, { outcome: 'model_off' }>;

export type CardCsvStart =
  | { outcome: 'started' | 'replayed'; batch: Batch; sets: CardSet[] }
  | Invalid
  | BatchRefusal;

/** The icons a CSV's bullets get, in turn. */
const rowIcons: readonly BulletIcon[] = ['check', 'star', 'shield', 'leaf', 'bolt'];

/** The picture each kind of slide shows first: the cut-out, or the photo where a scene would go. */
const pictureOf: Record<(typeof slideKinds)[number], SlidePicture> = {
  main: 'cutout',
  features: 'cutout',
  sizes: 'cutout',
  'in-use': 'photo',
  details: 'photo',
};

/**
 * A product's starting slides, as many as its preset starts with: the name on each, the first
 * three bullets on the main slide and all of them on the features slide; no logo (some
 * marketplaces forbid one).
 */
function rowSlides(preset: MarketplacePreset, row: Pick<ProductRow, 'name' | 'bullets'>) {
  const bullets = row.bullets.map((text, i) => ({
    text,
    icon: rowIcons[i % rowIcons.length] ?? 'check',
  }));
  const count = Math.min(preset.slides.default, preset.slides.max, cardLimits.slides);
  return Array.from({ length: count }, (_, i): Slide => {
    const kind = slideKinds[i] ?? 'details';
    return {
      kind,
      picture: pictureOf[kind],
      title: row.name,
      bullets: kind === 'main' ? bullets.slice(0, 3) : kind === 'features' ? bullets : [],
      badge: '',
      callouts: [],
      logo: false,
    };
  });
}

/** What makes two CSV submissions "the same" for an Idempotency-Key: the route and the body. */
const submissionHash = (body: CardCsvBody) =>
  createHash('sha256')
    .update(`card-sets/csv\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * Card sets from a CSV: each product is cut out by one batch (the batch engine quotes, charges as
 * items start, refunds and releases them), and gets its own set, linked to its batch item, whose
 * cut-out shows once the item has started.
 */
export function createCardCsvService(
  deps: CardSetDeps & {
    repositories: { cardSets: CardSetRepository; idempotencyKeys: IdempotencyKeyRepository };
    batches: Pick<BatchService, 'quote' | 'create'>;
  },
) {
  const { cardSets, files, idempotencyKeys } = deps.repositories;
  const checks = createSetChecks(deps);

  /** Every check of the body and the CSV; the batch that would cut the products out. */
  async function prepare(user: SessionUser, body: CardCsvBody): Promise<Prepared | Invalid> {
    const errors: CardFieldError[] = [];
    const preset = checks.presetAndScene(body, errors);
    const entries = Object.entries(body.photos);
    if (entries.length > cardLimits.csvRows) {
      errors.push({ field: 'photos', code: 'too_many_photos', limit: cardLimits.csvRows });
      return { outcome: 'invalid', errors };
    }
    const photoUrls = new Map<string, string>();
    for (const [name, address] of entries) {
      const url = await checks.ownPicture(user, address);
      if (url) photoUrls.set(name, url);
      else errors.push({ field: `photos.${name}`, code: 'not_own_picture' });
    }
    const parsed = parseProductCsv(body.csv, new Set(entries.map(([name]) => name)));
    if (parsed.outcome === 'invalid') {
      for (const problem of parsed.problems) {
        const field = problem.line === null ? 'csv' : `csv.lines.${problem.line}`;
        errors.push({ field, code: 'csv', problem });
      }
    }
    if (errors.length > 0 || !preset || parsed.outcome !== 'parsed') {
      return { outcome: 'invalid', errors };
    }
    const tool = cardStepTool('cutout');
    const rows = parsed.rows.map((row) => ({ ...row, photoUrl: photoUrls.get(row.photo) ?? '' }));
    return {
      preset,
      backdrop: body.backdrop,
      rows,
      batch: {
        type: 'image',
        items: rows.map((row) => ({
          model: tool.id,
          prompt: '',
          parameters: { image: row.photoUrl },
        })),
      },
    };
  }

  /** A batch item's field errors (`items[2].image`), named by the CSV line of its product. */
  function itemErrors(rows: PreparedRow[], errors: { field: string; message: string }[]): Invalid {
    return {
      outcome: 'invalid',
      errors: errors.map((error) => {
        const at = /^items\[(\d+)\]/.exec(error.field);
        const line = rows[Number(at?.[1] ?? -1)]?.line ?? 0;
        return {
          field: line > 0 ? `csv.lines.${line}` : 'csv',
          code: 'photo_refused',
          line,
          reason: error.message,
        };
      }),
    };
  }

  /** The sets of a batch, one per row (made now if a submission stopped before making them). */
  async function setsOf(
    user: SessionUser,
    batchId: string,
    prepared: Prepared,
  ): Promise<CardSet[]> {
    await cardSets.insertForBatch(
      user.id,
      batchId,
      prepared.rows.map((row, position) => ({
        position,
        name: row.name,
        preset: prepared.preset.id,
        photo: row.photoUrl,
        cutoutGenerationId: null,
        sceneGenerationId: null,
        backdrop: prepared.backdrop,
        slides: rowSlides(prepared.preset, row),
      })),
    );
    const rows = await cardSets.listByBatch(user.id, batchId);
    const found = await filesOfSets({ files, urls: deps.urls }, user.id, rows);
    return rows.map((row) =>
      toCardSet(
        row,
        found.get(row.id) ?? { photo: undefined, cutout: undefined, scene: undefined },
        deps.urls,
      ),
    );
  }

  return {
    /** Each product's AI price by its line, and the one total the batch would be charged. */
    async quote(user: SessionUser, body: CardCsvBody): Promise<CardCsvQuoteOutcome> {
      const prepared = await prepare(user, body);
      if ('outcome' in prepared) return prepared;
      const quoted = await deps.batches.quote(user, prepared.batch);
      switch (quoted.outcome) {
        case 'quoted':
          return {
            outcome: 'quoted',
            quote: {
              rows: prepared.rows.map((row, position) => ({
                line: row.line,
                name: row.name,
                photo: row.photo,
                cost: quoted.items[position]?.cost ?? 0,
              })),
              total: quoted.total,
            },
          };
        case 'invalid':
          return itemErrors(prepared.rows, quoted.errors);
        default:
          return quoted;
      }
    },

    /**
     * Starts the batch and makes one set per product. With an Idempotency-Key the key is claimed
     * for this body first: a repeat with the same body answers the same batch and sets, charged
     * once (the batch itself is started under a key derived from the key and the body, so racing
     * repeats meet there); the same key with another body is refused. A refused start gives the key back.
     */
    async create(user: SessionUser, body: CardCsvBody, key?: string): Promise<CardCsvStart> {
      const prepared = await prepare(user, body);
      if ('outcome' in prepared) return prepared;
      let batchKey: string | undefined;
      let claimed = false;
      if (key !== undefined) {
        const hash = submissionHash(body);
        claimed = await idempotencyKeys.claim(user.id, key, hash, {});
        if (!claimed && (await idempotencyKeys.find(user.id, key))?.requestHash !== hash) {
          return { outcome: 'key_reused' };
        }
        batchKey = `card-sets:${createHash('sha256').update(`${key}\n${hash}`).digest('hex')}`;
      }
      const started = await deps.batches.create(user, prepared.batch, batchKey);
      switch (started.outcome) {
        case 'started':
        case 'replayed':
          return {
            outcome: started.outcome,
            batch: started.batch,
            sets: await setsOf(user, started.batch.id, prepared),
          };
        default:
          if (claimed && key !== undefined) await idempotencyKeys.release(user.id, key);
          return started.outcome === 'invalid'
            ? itemErrors(prepared.rows, started.errors)
            : started;
      }
    },
  };
}

export type CardCsvService = ReturnType<typeof createCardCsvService>;
