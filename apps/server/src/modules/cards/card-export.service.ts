import { createHash } from 'node:crypto';
import {
  type CardRenderInput,
  cardFileName,
  type FoundCode,
  findCodes,
  type Omission,
  type RenderedCard,
  readCardFile,
  renderCard,
  renderCardSet,
} from '@kadr/cards';
import {
  type CardFileIssue,
  type CardScene,
  type CardViolation,
  type CheckedSlide,
  cardFileIssueTexts,
  cardLayoutIssueTexts,
  cardRules,
  cardScenes,
  checkCardCodes,
  checkCardFile,
  checkCardTexts,
  getCardScene,
  getMarketplacePreset,
  type MarketplacePreset,
  marketplacePresets,
} from '@kadr/catalog';
import {
  type BrandKit,
  type CardCheck,
  type CardIssue,
  type Slide,
  type SlidePicture,
  uuidPattern,
} from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import {
  type FileRepository,
  type FileRow,
  type FileUrls,
  findOwnImage,
  readStored,
} from '../files/index.ts';
import type { BrandKitRepository } from './brand-kit.repository.ts';
import { defaultBrandKit, toBrandKit } from './brand-kit.service.ts';
import type { CardSetRepository, CardSetRow } from './card-set.repository.ts';
import { filesOfSets, type SetFiles } from './set-files.ts';

/** None of the person's sets has this id. */
type NotFound = { outcome: 'not_found' };
const notFound: NotFound = { outcome: 'not_found' };

/** The set names a preset or scene the catalogue no longer has: it must be switched first. */
type Gone = { outcome: 'gone' };

/** One slide as an image, or `not_modified` when the caller's copy (its ETag) is this one. */
export type SlideImage =
  | { outcome: 'rendered'; card: RenderedCard; etag: string }
  | { outcome: 'not_modified'; etag: string }
  | { outcome: 'no_slide' }
  | NotFound
  | Gone;

/** The set checked against its preset and the preset's rules. */
export type SetCheck = { outcome: 'checked'; check: CardCheck } | NotFound | Gone;

/** The set's files for its zip, or the issues that keep it from being exported. */
export type SetExport =
  | { outcome: 'exported'; name: string; files: { name: string; data: Buffer }[] }
  | { outcome: 'issues'; issues: CardIssue[] }
  | NotFound
  | Gone;

/** A set with everything its slides are drawn from. */
type Loaded = {
  row: CardSetRow;
  preset: MarketplacePreset;
  scene: CardScene;
  kit: BrandKit;
  files: SetFiles;
  logo: FileRow | undefined;
};

/**
 * How many slides' readings are remembered: a few hundred sets' worth, a few hundred kilobytes
 * (a reading is a few short lists, never the drawing).
 */
const readingsKept = 2000;

/**
 * What the check reads off one drawn slide, the same for every request that draws the same input:
 * the texts the layout left off or cut, the file's problems and the codes printed in it.
 */
type Reading = { omitted: Omission[]; fileIssues: CardFileIssue[]; codes: FoundCode[] };

/** A slide drawn at full size, at its place in the set. */
type DrawnSlide = { index: number; slide: Slide; card: RenderedCard };

/** Bytes of stored pictures, each read once per request (a set's slides share their pictures). */
type Reader = (file: FileRow | undefined) => Promise<Buffer | null>;

/**
 * A small card with every kind of text, drawn once per process: its digest goes into every slide's
 * ETag, so when a new renderer draws the same input differently, a browser's cached slide is not
 * taken for the new drawing — with no version number to remember to bump.
 */
function createRendererFingerprint(): () => Promise<string> {
  let rendererDigest: Promise<string> | undefined;
  return () => {
    const [preset] = marketplacePresets;
    const [scene] = cardScenes;
    if (!preset || !scene) return Promise.resolve('');
    rendererDigest ??= renderCard({
      preset,
      slide: {
        kind: 'sizes',
        picture: 'photo',
        title: 'Образец карточки',
        bullets: [{ text: 'Пункт с иконкой', icon: 'check' }],
        badge: 'Хит',
        callouts: [{ label: 'Высота', value: '24 см' }],
        logo: false,
      },
      kit: defaultBrandKit,
      index: 0,
      count: 1,
      picture: null,
      pictureKind: 'photo',
      backdrop: scene,
      logo: null,
      width: 180,
    }).then(
      (card) => createHash('sha256').update(card.data).digest('base64url'),
      (error: unknown) => {
        // Tried again by the next request, not remembered as failed.
        rendererDigest = undefined;
        throw error;
      },
    );
    return rendererDigest;
  };
}

/** The fields a seller typed on a slide, named as a set's body names them within the slide. */
function typedFields(slide: Slide): CheckedSlide['fields'] {
  return [
    { field: 'title', text: slide.title },
    ...slide.bullets.map((bullet, i) => ({ field: `bullets.${i}`, text: bullet.text })),
    { field: 'badge', text: slide.badge },
    ...slide.callouts.flatMap((callout, i) => [
      { field: `callouts.${i}.label`, text: callout.label },
      { field: `callouts.${i}.value`, text: callout.value },
    ]),
  ].filter((field) => field.text.trim() !== '');
}

/** The picture a slide shows: the one it asks for once made, else the photo (or none). */
function pictureOf(
  slide: Slide,
  files: SetFiles,
): { file: FileRow | undefined; kind: SlidePicture } {
  if (slide.picture === 'cutout' && files.cutout) return { file: files.cutout, kind: 'cutout' };
  if (slide.picture === 'scene' && files.scene) return { file: files.scene, kind: 'scene' };
  return { file: files.photo, kind: 'photo' };
}

const fill = (template: string, issue: CardFileIssue) =>
  template.replaceAll('{expected}', issue.expected).replaceAll('{actual}', issue.actual);

/** What to do about a file that misses its preset: Kadr draws the files, so it is ours to fix. */
const fileIssueFix = {
  ru: 'Kadr собирает файл сам: соберите набор ещё раз, а если замечание останется — напишите нам.',
  en: 'Kadr makes the file itself: export the set again, and if this stays, write to us.',
} as const;

/**
 * Drawing a set's slides (the renderer, `@kadr/cards`), checking them against the preset and its
 * rules, and gathering the zip. Free and without side effects: nothing here writes, runs a
 * generation or moves a token.
 */
export function createCardExportService(deps: {
  repositories: {
    cardSets: CardSetRepository;
    brandKits: BrandKitRepository;
    files: FileRepository;
  };
  urls: FileUrls;
  publicUrl: string;
  storage: Pick<ObjectStorage, 'read'>;
}) {
  const { cardSets, brandKits, files } = deps.repositories;
  const rendererFingerprint = createRendererFingerprint();
  /** Each drawn slide's reading, by its drawing's digest (`readingOf`), oldest first. */
  const readings = new Map<string, Reading>();

  async function load(user: SessionUser, id: string): Promise<Loaded | NotFound | Gone> {
    const row = uuidPattern.test(id) ? await cardSets.findOwned(user.id, id) : undefined;
    if (!row) return notFound;
    const preset = getMarketplacePreset(row.preset);
    const scene = getCardScene(row.backdrop);
    if (!preset || !scene) return { outcome: 'gone' };
    const kit = toBrandKit(await brandKits.find(user.id));
    const [found, logo] = await Promise.all([
      filesOfSets({ files, urls: deps.urls }, user.id, [row]),
      kit.logo === null
        ? undefined
        : findOwnImage({ files, urls: deps.urls, publicUrl: deps.publicUrl }, user.id, kit.logo),
    ]);
    const setFiles = found.get(row.id) ?? { photo: undefined, cutout: undefined, scene: undefined };
    return { row, preset, scene, kit, files: setFiles, logo };
  }

  function reader(): Reader {
    const read = new Map<string, Promise<Buffer | null>>();
    return (file) => {
      if (!file) return Promise.resolve(null);
      let bytes = read.get(file.id);
      if (!bytes) {
        bytes = readStored(deps.storage, file).then((data) => data ?? null);
        read.set(file.id, bytes);
      }
      return bytes;
    };
  }

  /**
   * A slide's validator: a digest of everything its drawing depends on — the preset, the slide,
   * its place in the set, the size, the kit, the backdrop and which stored pictures it shows
   * (stored files never change under their id). Editing one slide leaves the others' cached.
   */
  async function etagOf(set: Loaded, index: number, width: number): Promise<string> {
    const slide = set.row.slides[index];
    const picture = slide ? pictureOf(slide, set.files) : undefined;
    const digest = createHash('sha256')
      .update(
        JSON.stringify([
          await rendererFingerprint(),
          set.preset.id,
          slide,
          index,
          set.row.slides.length,
          width,
          set.kit,
          slide?.logo ? (set.logo?.id ?? null) : null,
          set.scene.id,
          picture?.kind,
          picture?.file?.id ?? null,
        ]),
      )
      .digest('base64url');
    return `"${digest.slice(0, 27)}"`;
  }

  /** What the renderer draws a slide from, its pictures read. */
  async function inputOf(
    set: Loaded,
    index: number,
    read: Reader,
    width?: number,
  ): Promise<CardRenderInput | undefined> {
    const slide = set.row.slides[index];
    if (!slide) return undefined;
    const picture = pictureOf(slide, set.files);
    return {
      preset: set.preset,
      slide,
      kit: set.kit,
      index,
      count: set.row.slides.length,
      picture: await read(picture.file),
      pictureKind: picture.kind,
      backdrop: set.scene,
      logo: slide.logo ? await read(set.logo) : null,
      ...(width === undefined ? {} : { width }),
    };
  }

  /**
   * Every issue of the set: its typed texts against the preset's rules, and what each drawn slide
   * shows. The check draws only the slides whose reading is not remembered (after an edit, the one
   * edited); the export draws them all, since it ships the drawings.
   */
  async function issuesOf(
    set: Loaded,
    locale: Locale,
    draw: 'all' | 'unread',
  ): Promise<{ issues: CardIssue[]; cards: DrawnSlide[] }> {
    const violations = checkCardTexts(
      set.preset,
      set.row.slides.map((slide) => ({
        fields: typedFields(slide),
        logo: slide.logo && set.logo !== undefined,
      })),
    );
    const issues = violations.map((violation) => ruleIssue(violation, locale));
    const keys = await Promise.all(
      set.row.slides.map((_, index) => etagOf(set, index, set.preset.width)),
    );
    const read: (Reading | undefined)[] = keys.map((key) => recall(key));
    // The set's pictures are read once and shared by its slides.
    const bytes = reader();
    const inputs: CardRenderInput[] = [];
    for (const index of set.row.slides.keys()) {
      if (draw === 'unread' && read[index]) continue;
      const input = await inputOf(set, index, bytes);
      if (input) inputs.push(input);
    }
    const cards: DrawnSlide[] = [];
    // The renderer's own pace (a few slides at a time), so a set's memory stays bounded.
    await renderCardSet(inputs, async (card, at) => {
      const input = inputs[at];
      const slide = input ? set.row.slides[input.index] : undefined;
      if (!input || !slide) return;
      cards[input.index] = { index: input.index, slide, card };
      const known = read[input.index];
      if (known) return;
      const reading: Reading = {
        omitted: card.omitted,
        fileIssues: checkCardFile(set.preset, await readCardFile(card.data)),
        codes: await findCodes(card.data),
      };
      read[input.index] = reading;
      // A picture that could not be read (the store away) is not the slide's true drawing.
      const pictured = pictureOf(slide, set.files).file === undefined || input.picture !== null;
      if (pictured) remember(keys[input.index] ?? '', reading);
    });
    const drawn = read.flatMap((reading, index) => {
      const slide = set.row.slides[index];
      if (!reading || !slide) return [];
      return [
        ...reading.omitted.map((omission) => layoutIssue(slide, index, omission, locale)),
        ...reading.fileIssues.map((issue) => fileIssue(set.preset, index, issue, locale)),
      ];
    });
    // A QR code or barcode printed in the photo or the scene, read off the drawn slide itself.
    const codes = read.map((reading) => reading?.codes ?? []);
    const pictured = checkCardCodes(set.preset, codes).map((v) => ruleIssue(v, locale));
    return { issues: [...issues, ...pictured, ...drawn], cards: cards.filter(Boolean) };
  }

  /**
   * A drawing's reading, if this process has made it: reading a slide for codes takes a few
   * hundred milliseconds and drawing it as long again, and a slide's drawing is known by its
   * ETag's digest, so each drawing is read once per process.
   */
  function recall(key: string): Reading | undefined {
    const known = readings.get(key);
    if (known) {
      // Most recently used last, so the oldest is the first to go.
      readings.delete(key);
      readings.set(key, known);
    }
    return known;
  }

  function remember(key: string, reading: Reading) {
    readings.set(key, reading);
    if (readings.size > readingsKept) {
      const oldest = readings.keys().next().value;
      if (oldest !== undefined) readings.delete(oldest);
    }
  }

  /** A text the drawing left off the slide or cut short, with what the seller typed there. */
  function layoutIssue(slide: Slide, index: number, omission: Omission, locale: Locale): CardIssue {
    const code = omission.how === 'dropped' ? 'text_dropped' : 'text_cut';
    const typed = typedFields(slide).find((field) => field.field === omission.field)?.text ?? '';
    return {
      slide: index,
      field: omission.field,
      code,
      severity: omission.how === 'dropped' ? 'refuse' : 'warn',
      title: cardLayoutIssueTexts[code].title[locale],
      fix: cardLayoutIssueTexts[code].fix[locale],
      match: typed.trim() || null,
      source: null,
    };
  }

  function ruleIssue(violation: CardViolation, locale: Locale): CardIssue {
    const rule = cardRules[violation.rule];
    return {
      slide: violation.slide,
      field: violation.field,
      code: violation.rule,
      severity: violation.severity,
      title: rule.title[locale],
      fix: rule.fix[locale],
      match: violation.match,
      source: { url: violation.source.url, title: violation.source.title },
    };
  }

  function fileIssue(
    preset: MarketplacePreset,
    slide: number,
    issue: CardFileIssue,
    locale: Locale,
  ): CardIssue {
    const source = preset.sources[0];
    return {
      slide,
      field: null,
      code: issue.code,
      severity: 'refuse',
      title: fill(cardFileIssueTexts[issue.code][locale], issue),
      fix: fileIssueFix[locale],
      match: null,
      source: source ? { url: source.url, title: source.title } : null,
    };
  }

  return {
    /**
     * One slide drawn at the preset's size, or narrower for a preview (never wider). With the
     * ETag the caller has, an unchanged slide is not drawn again.
     */
    async slide(
      user: SessionUser,
      id: string,
      index: number,
      options: { width?: number | undefined; ifNoneMatch?: string | undefined },
    ): Promise<SlideImage> {
      const set = await load(user, id);
      if ('outcome' in set) return set;
      if (index < 0 || index >= set.row.slides.length) return { outcome: 'no_slide' };
      const width = Math.min(options.width ?? set.preset.width, set.preset.width);
      const etag = await etagOf(set, index, width);
      if (options.ifNoneMatch === etag) return { outcome: 'not_modified', etag };
      const input = await inputOf(set, index, reader(), width);
      if (!input) return { outcome: 'no_slide' };
      return { outcome: 'rendered', card: await renderCard(input), etag };
    },

    /** The set checked against its preset: the typed texts by rule, each drawn file by size. */
    async check(user: SessionUser, id: string, locale: Locale): Promise<SetCheck> {
      const set = await load(user, id);
      if ('outcome' in set) return set;
      const { issues } = await issuesOf(set, locale, 'unread');
      return {
        outcome: 'checked',
        check: { ok: !issues.some(refuses), preset: set.preset.id, issues },
      };
    },

    /**
     * Every slide drawn at full size for one zip named for the marketplace
     * (`kadr-wildberries-<name>.zip`, `01-main.jpg`…) — or, if the check finds anything the
     * marketplace refuses, those issues and no files.
     */
    async export(user: SessionUser, id: string, locale: Locale): Promise<SetExport> {
      const set = await load(user, id);
      if ('outcome' in set) return set;
      const { issues, cards } = await issuesOf(set, locale, 'all');
      // Warnings are the seller's to weigh: only what the marketplace refuses keeps the zip back.
      const refusals = issues.filter(refuses);
      if (refusals.length > 0) return { outcome: 'issues', issues: refusals };
      return {
        outcome: 'exported',
        name: zipName(set.preset, set.row.name),
        files: cards.map(({ index, slide, card }) => ({
          name: cardFileName(index, slide, card.format),
          data: card.data,
        })),
      };
    },
  };
}

const refuses = (issue: CardIssue) => issue.severity === 'refuse';

/** `kadr-<preset>-<name's words>.zip`: letters of any script kept, everything else one hyphen. */
function zipName(preset: MarketplacePreset, name: string): string {
  const slug = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug ? `kadr-${preset.id}-${slug}.zip` : `kadr-${preset.id}.zip`;
}

export type CardExportService = ReturnType<typeof createCardExportService>;
