// Plain values the contract's schemas build on and the web app uses without them: kept out of
// schemas.ts, so a screen that needs a limit or a problem type does not bring in zod (ADR 030).

/** The `type` of problems a client tells apart (anything else is `about:blank`). */
export const problemTypes = {
  insufficientTokens: 'https://kadr.app/problems/insufficient-tokens',
  /** 429: the person's running generations are at the cap; Retry-After says when to look again. */
  tooManyRunning: 'https://kadr.app/problems/too-many-running',
  /** 429: too many requests of one kind from one person or address; Retry-After in seconds. */
  rateLimited: 'https://kadr.app/problems/rate-limited',
  /** 409: an operator switched the model off for now; other models work. */
  modelOff: 'https://kadr.app/problems/model-off',
  /** 403: an operator blocked the account; the detail gives their reason. */
  accountBlocked: 'https://kadr.app/problems/account-blocked',
  /**
   * 503: a part Kadr needs (its database, its file store) is away for a moment; nothing was
   * changed, and the same request may be sent again after Retry-After seconds.
   */
  unavailable: 'https://kadr.app/problems/unavailable',
} as const;

/** What a generation that is not failing is waiting for (`jsondata.waiting_for`), while it waits. */
export const generationWaits = ['model', 'storage'] as const;
export type GenerationWait = (typeof generationWaits)[number];

/** Where a generation is: waiting for the model, being made, done, or failed (and refunded). */
export const generationStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

/** Whether a generation has reached its end: nothing about it changes any more. */
export function isFinished(status: GenerationStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** The longest name a collection may have. */
export const collectionNameMax = 60;

/**
 * A library element (issue #47): a character or a product a person keeps, with its reference
 * pictures. A model takes at most its own number of them; training a character takes 10–20, so an
 * element holds up to 20 (ADR 043).
 */
export const elementKinds = ['character', 'product'] as const;
export type ElementKind = (typeof elementKinds)[number];
export const elementNameMax = 60;
export const elementDescriptionMax = 300;
export const elementPicturesMax = 20;

/** A batch holds at most this many items (prompts × models × variations). */
export const batchMaxItems = 100;

/** Marketplace cards (ADR 039): the fonts shipped with the card renderer, all with full Cyrillic. */
export const cardFonts = ['manrope', 'pt-sans', 'rubik'] as const;
export type CardFont = (typeof cardFonts)[number];
/** How a slide's badge is drawn. */
export const badgeStyles = ['pill', 'ribbon', 'circle'] as const;
export type BadgeStyle = (typeof badgeStyles)[number];
/** The icons a feature bullet may carry, drawn by the renderer. */
export const bulletIcons = [
  'check',
  'star',
  'leaf',
  'shield',
  'drop',
  'bolt',
  'heart',
  'ruler',
  'box',
  'sun',
  'snowflake',
  'clock',
] as const;
export type BulletIcon = (typeof bulletIcons)[number];
/** What a slide of a set is for: the main photo, features, sizes, the product in use, details. */
export const slideKinds = ['main', 'features', 'sizes', 'in-use', 'details'] as const;
export type SlideKind = (typeof slideKinds)[number];
/** Which of the set's pictures a slide shows. */
export const slidePictures = ['cutout', 'scene', 'photo'] as const;
export type SlidePicture = (typeof slidePictures)[number];
/**
 * Where a sizes slide puts a callout (issue #50): along the vertical dimension line beside the
 * picture, the horizontal one under it, or in the row of tiles beside the picture; `auto` (and a
 * callout stored without one) goes where its label says (`calloutPlacement` of @kadr/catalog).
 */
export const calloutPlacements = ['auto', 'vertical', 'horizontal', 'beside'] as const;
export type CalloutPlacement = (typeof calloutPlacements)[number];
/** Lengths a card's texts may have, in characters. */
export const cardLimits = {
  name: 80,
  title: 90,
  bullet: 90,
  bullets: 5,
  badge: 24,
  callouts: 4,
  calloutLabel: 24,
  calloutValue: 24,
  slides: 30,
  csvRows: 100,
} as const;

/** API keys (issue #37, ADR 040): the bounds of what the profile may set. */
export const apiKeyLimits = {
  /** Keys one person may have live at once. */
  maxLiveKeys: 20,
  nameMax: 60,
  /** The largest daily or monthly spend limit, in tokens. */
  maxSpendLimit: 10_000_000,
  /** The most catalogue ids an allowed-models list may name. */
  allowedModelsMax: 50,
  webhookUrlMax: 2000,
} as const;
