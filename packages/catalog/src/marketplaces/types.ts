import type { Localized } from '../types.ts';

/** The marketplaces (and the social square) a card set can be laid out for. */
export type MarketplaceId = 'wildberries' | 'ozon' | 'yandex-market' | 'square';

/** Where a requirement was read, and when: a rule without a source is a guess. */
export type Source = { url: string; title: string; checked: string };

/** The file formats a card can be exported in. */
export type CardFormat = 'jpeg' | 'png';

/** A rule a card's text or layout is checked against; the list per marketplace is data. */
export type CardRuleId =
  | 'no-prices'
  | 'no-contacts'
  | 'no-links'
  | 'no-qr'
  | 'no-barcode'
  | 'no-promo'
  | 'no-claims'
  | 'no-logo';

export type CardRule = {
  id: CardRuleId;
  /** What the rule forbids, as a person reads it next to the flagged text. */
  title: Localized;
  /** What to change. */
  fix: Localized;
  /**
   * What is checked: the text the seller typed against patterns (each match is flagged with the
   * text it matched), the codes decoded from the drawn slide (`codes`: a QR code or barcode printed
   * in the photo or the scene), or whether the brand kit's logo is placed on the slide.
   */
  check:
    | { kind: 'text'; patterns: readonly RegExp[]; codes?: readonly DrawnCodeKind[] }
    | { kind: 'picture'; codes: readonly DrawnCodeKind[] }
    | { kind: 'logo' };
};

/** A code found in a slide's drawing: a QR code (or another 2D code) or a linear barcode. */
export type DrawnCodeKind = 'qr' | 'barcode';

/** A code decoded from a drawn slide: its kind, the format's name (EAN13, QRCode…) and its text. */
export type DrawnCode = { kind: DrawnCodeKind; format: string; text: string };

/**
 * What breaking a rule does, as the marketplace's source says: a refusal keeps the set from
 * export (the source forbids it), a warning is only worth a look (the source advises against it).
 */
export type CardRuleSeverity = 'refuse' | 'warn';

/** A rule as one marketplace applies it: on every slide or on the main (first) one only. */
export type PresetRule = {
  rule: CardRuleId;
  on: 'all' | 'main';
  severity: CardRuleSeverity;
  source: Source;
};

export type MarketplacePreset = {
  id: MarketplaceId;
  name: Localized;
  /** The size a card is rendered and exported at, in pixels. */
  width: number;
  height: number;
  /** The aspect ratio the marketplace asks for (width : height). */
  ratio: { w: number; h: number };
  /** The smallest and largest sides the marketplace accepts. */
  minWidth: number;
  minHeight: number;
  maxSide: number;
  /**
   * Insets from each edge, as a share of the width (left, right) or height (top, bottom), that
   * the marketplace covers with its own badges, buttons and crops: text and badges stay inside.
   */
  safe: { top: number; right: number; bottom: number; left: number };
  /** The format Kadr exports in, and every format the marketplace accepts. */
  format: CardFormat;
  formats: readonly CardFormat[];
  /** The largest file the marketplace takes, in bytes. */
  maxBytes: number;
  /** Every marketplace here asks for sRGB. */
  colourProfile: 'srgb';
  /** How many slides a new set holds, and the most a product may have. */
  slides: { default: number; max: number };
  rules: readonly PresetRule[];
  /** Where the size, format and limits were read. */
  sources: readonly Source[];
};

/** A scene an AI step places the product in: the model's prompt and the name people see. */
export type CardScene = {
  id: string;
  title: Localized;
  /** Sent to the replace-background tool as its prompt; empty for a scene Kadr draws itself. */
  prompt: string;
  /** A scene drawn by Kadr (a flat or gradient backdrop behind the cut-out): free, no AI. */
  drawn?: { from: string; to: string };
};
