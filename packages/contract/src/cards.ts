import { z } from 'zod/mini';
import {
  badgeStyles,
  bulletIcons,
  calloutPlacements,
  cardFonts,
  cardLimits,
  slideKinds,
  slidePictures,
} from './rules.ts';
import { batchSchema } from './schemas.ts';

// Marketplace cards (ADR 039): a set of slides for one product, laid out by Kadr itself for a
// marketplace preset (from the catalogue), with the seller's brand kit. Only the AI steps cost tokens.

const text = (max: number) => z.string().check(z.maxLength(max));
const colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));

/** A seller's look, reused on every card: font, colours, logo and badge style. */
export const brandKitSchema = z.strictObject({
  font: z.enum(cardFonts),
  colours: z.strictObject({
    /** Titles and bullets. */
    text: colour,
    /** Icons, rules and the badge. */
    accent: colour,
    /** The panel behind text where it sits on a picture. */
    panel: colour,
  }),
  /** A Kadr file address of the logo (an upload), or null for none. */
  logo: z.nullable(z.string()),
  badgeStyle: z.enum(badgeStyles),
});
export type BrandKit = z.infer<typeof brandKitSchema>;

export const cardBulletSchema = z.strictObject({
  text: text(cardLimits.bullet),
  icon: z.enum(bulletIcons),
});
export type CardBullet = z.infer<typeof cardBulletSchema>;

/** A size or composition callout: "Длина" — "120 см". */
export const cardCalloutSchema = z.strictObject({
  label: text(cardLimits.calloutLabel),
  value: text(cardLimits.calloutValue),
  /**
   * Where a sizes slide puts it, when the seller chose: absent (as in rows stored before it) or
   * `auto` is where its label says.
   */
  placement: z.optional(z.enum(calloutPlacements)),
});
export type CardCallout = z.infer<typeof cardCalloutSchema>;

/** One slide: what the seller typed and which picture it shows. Editing it never re-runs AI. */
export const slideSchema = z.strictObject({
  kind: z.enum(slideKinds),
  picture: z.enum(slidePictures),
  title: text(cardLimits.title),
  bullets: z.array(cardBulletSchema).check(z.maxLength(cardLimits.bullets)),
  badge: text(cardLimits.badge),
  callouts: z.array(cardCalloutSchema).check(z.maxLength(cardLimits.callouts)),
  /** Whether the brand kit's logo is placed on this slide. */
  logo: z.boolean(),
});
export type Slide = z.infer<typeof slideSchema>;

/**
 * A card set as the seller edits it. `photo` is a Kadr file address (an upload or a result);
 * `cutout` and `scene` are the ids of the tool generations made from it (null until run).
 */
export const cardSetBodySchema = z.strictObject({
  name: text(cardLimits.name),
  /** A marketplace preset id from the catalogue. */
  preset: z.string(),
  photo: z.string(),
  cutout: z.nullable(z.string()),
  scene: z.nullable(z.string()),
  /** A scene id from the catalogue: a drawn backdrop, or the prompt the scene was made with. */
  backdrop: z.string(),
  slides: z.array(slideSchema).check(z.minLength(1), z.maxLength(cardLimits.slides)),
});
export type CardSetBody = z.infer<typeof cardSetBodySchema>;

/** A picture of the set: where it is served and its size, or null while it is not made. */
const setPictureSchema = z.nullable(
  z.object({ url: z.string(), width: z.number(), height: z.number() }),
);

export const cardSetSchema = z.object({
  ...cardSetBodySchema.shape,
  id: z.string(),
  /** Where the set's pictures are: the photo, and the finished cut-out and scene. */
  pictures: z.object({
    photo: setPictureSchema,
    cutout: setPictureSchema,
    scene: setPictureSchema,
  }),
  /** The batch that made this set's cut-out, for a set from a CSV (else null). */
  batch: z.nullable(z.string()),
  created: z.string(),
  updated: z.string(),
});
export type CardSet = z.infer<typeof cardSetSchema>;

export const cardSetListSchema = z.object({ items: z.array(cardSetSchema) });
export type CardSetList = z.infer<typeof cardSetListSchema>;

/**
 * One thing to change before export: a broken rule (on a slide's field, or its layout when `field`
 * is null) or a file that misses the preset. `title` and `fix` are in the person's language.
 */
export const cardIssueSchema = z.object({
  /** The slide, from 0; null for the whole set. */
  slide: z.nullable(z.number().check(z.int())),
  field: z.nullable(z.string()),
  /**
   * A rule id (no-prices…), what the drawing left out (text_dropped, text_cut) or a file issue
   * code (too_small, ratio, bytes…).
   */
  code: z.string(),
  /**
   * `refuse`: the marketplace refuses such a card, so the zip is not made until it is fixed;
   * `warn`: its rules only advise against it (or a part of the text was shortened), worth a look.
   */
  severity: z.enum(['refuse', 'warn']),
  title: z.string(),
  fix: z.string(),
  /** The typed text the rule matched. */
  match: z.nullable(z.string()),
  /** Where the rule was read. */
  source: z.nullable(z.object({ url: z.string(), title: z.string() })),
});
export type CardIssue = z.infer<typeof cardIssueSchema>;

/** `GET /api/card-sets/:id/check`: every issue of the set for its preset; ok when none refuses it. */
export const cardCheckSchema = z.object({
  ok: z.boolean(),
  preset: z.string(),
  issues: z.array(cardIssueSchema),
});
export type CardCheck = z.infer<typeof cardCheckSchema>;

/**
 * `POST /api/card-sets/csv/quote` and `POST /api/card-sets/csv`: one card set per product of a CSV
 * (a header row naming `name`, `bullets` and `photo`; comma or semicolon separated), each cut out
 * by one batch. `photos` maps each file name the CSV names to the Kadr file address it was
 * uploaded as.
 */
export const cardCsvBodySchema = z.strictObject({
  preset: z.string(),
  backdrop: z.string(),
  csv: z.string().check(z.maxLength(200_000)),
  photos: z.record(z.string(), z.string()),
});
export type CardCsvBody = z.infer<typeof cardCsvBodySchema>;

/** Each product's AI price (its cut-out) by the CSV line it is on, and the one total. */
export const cardCsvQuoteSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().check(z.int()),
      name: z.string(),
      photo: z.string(),
      cost: z.number().check(z.int()),
    }),
  ),
  total: z.number().check(z.int()),
});
export type CardCsvQuote = z.infer<typeof cardCsvQuoteSchema>;

/** The batch that cuts the products out, and the card set made for each row, in the CSV's order. */
export const cardCsvSetsSchema = z.object({
  batch: batchSchema,
  items: z.array(cardSetSchema),
});
export type CardCsvSets = z.infer<typeof cardCsvSetsSchema>;
