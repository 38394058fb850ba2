import type { ModelType } from './types.ts';

/** The studio's starting state (spec §2, §9). */
export const studioDefaults: Readonly<{
  tab: ModelType;
  imageModel: string;
  videoModel: string;
  translatePrompt: boolean;
}> = Object.freeze({
  tab: 'image',
  imageModel: 'imagen-4-ultra',
  videoModel: 'seedance-pro',
  translatePrompt: true,
});

export const historyPageSizes: readonly number[] = Object.freeze([6, 12, 24, 48]);

export const defaultHistoryPageSize = 12;

/** How often the client re-reads an unfinished generation when the live stream is down. */
export const pollIntervalMs = 2000;
