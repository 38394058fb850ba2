import {
  type BrandKit,
  brandKitSchema,
  type CardCheck,
  type CardCsvBody,
  type CardCsvQuote,
  type CardCsvSets,
  type CardSet,
  type CardSetBody,
  cardCheckSchema,
  cardCsvQuoteSchema,
  cardCsvSetsSchema,
  cardSetListSchema,
  cardSetSchema,
} from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiDownload, apiRequest } from '~/lib/api';
import { currentLanguage } from '~/lib/i18n';

/**
 * The card workshop's own API calls (ADR 039): card sets, their check and export, the brand kit.
 * The AI steps are tool runs (`features/generations/run-api.ts`); previews are plain images.
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      brandKitSchema,
      cardCheckSchema,
      cardCsvQuoteSchema,
      cardCsvSetsSchema,
      cardSetListSchema,
      cardSetSchema,
    }
  : undefined;

const setPath = (id: string) => `/api/card-sets/${encodeURIComponent(id)}`;

/**
 * The address with the interface's language, for answers that carry words (a check's issues, a
 * refusal's messages): the server otherwise goes by the `lang` cookie, which only a language
 * switched in this browser sets.
 */
const inLanguage = (path: string) => `${path}?lang=${currentLanguage()}`;

export function listCardSets(signal?: AbortSignal): Promise<CardSet[]> {
  return wrapped('Failed to get card sets', async () => {
    const result = await apiRequest('/api/card-sets', {
      signal,
      parse: answers?.cardSetListSchema.parse,
    });
    return result.items;
  });
}

export function getCardSet(id: string, signal?: AbortSignal): Promise<CardSet> {
  return wrapped('Failed to get card set', () =>
    apiRequest(setPath(id), { signal, parse: answers?.cardSetSchema.parse }),
  );
}

export function createCardSet(body: CardSetBody): Promise<CardSet> {
  return wrapped('Card set creation failed', () =>
    apiRequest('/api/card-sets', {
      method: 'POST',
      body,
      parse: answers?.cardSetSchema.parse,
    }),
  );
}

/** Saves what the seller changed: text, layout, preset, backdrop, pictures. Never runs AI. */
export function saveCardSet(id: string, body: CardSetBody): Promise<CardSet> {
  return wrapped('Failed to save card set', () =>
    apiRequest(setPath(id), { method: 'PUT', body, parse: answers?.cardSetSchema.parse }),
  );
}

export function deleteCardSet(id: string): Promise<void> {
  return wrapped('Failed to delete card set', async () => {
    await apiRequest(setPath(id), { method: 'DELETE' });
  });
}

/** Every rule and file issue of the set for its preset; `ok` when there is none. */
export function checkCardSet(id: string, signal?: AbortSignal): Promise<CardCheck> {
  return wrapped('Failed to check card set', () =>
    apiRequest(inLanguage(`${setPath(id)}/check`), {
      signal,
      parse: answers?.cardCheckSchema.parse,
    }),
  );
}

/**
 * A slide's preview as the server renders it, `width` pixels wide. `version` changes whenever
 * what it shows may have (the set saved, a picture made, the brand kit changed), so the browser
 * never shows a stale one from its cache.
 */
export function slidePreviewUrl(id: string, index: number, width: number, version: string) {
  const query = new URLSearchParams({ width: String(width), v: version });
  return `${setPath(id)}/slides/${index}?${query}`;
}

/** The whole set as one zip, named for its marketplace; a set that fails its check is a 422. */
export function downloadCardZip(id: string): Promise<{ blob: Blob; name: string }> {
  return wrapped('Card set export failed', () =>
    apiDownload(inLanguage(`${setPath(id)}/zip`), {
      headers: { accept: 'application/zip, application/problem+json' },
    }),
  );
}

export function getBrandKit(signal?: AbortSignal): Promise<BrandKit> {
  return wrapped('Failed to get brand kit', () =>
    apiRequest('/api/brand-kit', { signal, parse: answers?.brandKitSchema.parse }),
  );
}

export function saveBrandKit(kit: BrandKit): Promise<BrandKit> {
  return wrapped('Failed to save brand kit', () =>
    apiRequest('/api/brand-kit', {
      method: 'PUT',
      body: kit,
      parse: answers?.brandKitSchema.parse,
    }),
  );
}

/** Each CSV product's AI price (its cut-out) by line, and the one total; refusals name lines. */
export function quoteCardCsv(body: CardCsvBody, signal?: AbortSignal): Promise<CardCsvQuote> {
  return wrapped('CSV card sets estimation failed', () =>
    apiRequest(inLanguage('/api/card-sets/csv/quote'), {
      method: 'POST',
      body,
      signal,
      parse: answers?.cardCsvQuoteSchema.parse,
    }),
  );
}

/** Starts the batch that cuts the CSV's products out, and makes one set per product. */
export function startCardCsv(body: CardCsvBody, idempotencyKey: string): Promise<CardCsvSets> {
  return wrapped('CSV card sets creation failed', () =>
    apiRequest(inLanguage('/api/card-sets/csv'), {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
      parse: answers?.cardCsvSetsSchema.parse,
    }),
  );
}
