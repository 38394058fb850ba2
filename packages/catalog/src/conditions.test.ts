import { describe, expect, it } from 'vitest';
import {
  acceptedImageTypes,
  type Condition,
  defaultHistoryPageSize,
  evaluateCondition,
  getModel,
  historyPageSizes,
  isAcceptedImageType,
  isParameterVisible,
  type ParameterDefinition,
  pollIntervalMs,
  studioDefaults,
} from './index.ts';

describe('evaluateCondition', () => {
  it.each<[Condition, Record<string, unknown>, boolean]>([
    [{ param: 'aspect_ratio', equals: 'custom' }, { aspect_ratio: 'custom' }, true],
    [{ param: 'aspect_ratio', equals: 'custom' }, { aspect_ratio: '1:1' }, false],
    [{ param: 'aspect_ratio', equals: 'custom' }, {}, false],
    [{ param: 'aspect_ratio', notEquals: 'custom' }, { aspect_ratio: '1:1' }, true],
    [{ param: 'aspect_ratio', notEquals: 'custom' }, { aspect_ratio: 'custom' }, false],
    [{ param: 'aspect_ratio', notEquals: 'custom' }, {}, true],
    [{ param: 'n', equals: 5 }, { n: 5 }, true],
    [{ param: 'n', equals: 5 }, { n: '5' }, false],
    [{ param: 'flag', equals: true }, { flag: true }, true],
    [{ param: 'image', empty: true }, {}, true],
    [{ param: 'image', empty: true }, { image: null }, true],
    [{ param: 'image', empty: true }, { image: '' }, true],
    [{ param: 'image', empty: true }, { image: 'https://x/y.png' }, false],
    [{ param: 'image', empty: false }, { image: 'https://x/y.png' }, true],
    [{ param: 'image', empty: false }, { image: null }, false],
    [{ param: 'n', empty: true }, { n: 0 }, false],
    [{ param: 'b', empty: true }, { b: false }, false],
  ])('%j with %j holds: %s', (condition, values, expected) => {
    expect(evaluateCondition(condition, values)).toBe(expected);
  });
});

describe('isParameterVisible', () => {
  const plain: ParameterDefinition = {
    name: 'plain',
    type: 'boolean',
    label: { en: 'Plain', ru: 'Простой' },
    order: 1,
    group: 'basic',
  };

  it('shows a parameter without a condition whatever the values', () => {
    expect(isParameterVisible(plain, {})).toBe(true);
  });

  it.each([
    ['seedream-3', 'width', { aspect_ratio: 'custom' }, true],
    ['seedream-3', 'width', { aspect_ratio: '16:9' }, false],
    ['seedream-3', 'size', { aspect_ratio: 'custom' }, false],
    ['seedance-pro', 'aspect_ratio', { image: 'https://x/y.png' }, false],
    ['seedance-pro', 'aspect_ratio', { image: null }, true],
  ])('%s %s with %j is visible: %s', (id, name, values, expected) => {
    const def = getModel(id)?.parameters.find((d) => d.name === name);
    if (def === undefined) throw new Error(`${id}.${name} missing`);
    expect(isParameterVisible(def, values)).toBe(expected);
  });
});

describe('accepted image types (spec §5)', () => {
  it('lists jpeg, png, gif and webp', () => {
    expect(acceptedImageTypes).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
  });

  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/gif', true],
    ['image/webp', true],
    ['IMAGE/PNG', true],
    ['image/webp; charset=binary', true],
    ['image/jpg', false],
    ['image/svg+xml', false],
    ['image/heic', false],
    ['image/avif', false],
    ['text/plain', false],
    ['', false],
  ])('%j is accepted: %s', (mime, expected) => {
    expect(isAcceptedImageType(mime)).toBe(expected);
  });
});

describe('studio and history defaults (spec §2, §9)', () => {
  it('opens the studio on the image tab with imagen-4-ultra, translation on', () => {
    expect(studioDefaults).toEqual({
      tab: 'image',
      imageModel: 'imagen-4-ultra',
      videoModel: 'seedance-pro',
      translatePrompt: true,
    });
    expect(getModel(studioDefaults.imageModel)?.type).toBe('image');
    expect(getModel(studioDefaults.videoModel)?.type).toBe('video');
  });

  it('pages history by 6, 12, 24 or 48, 12 by default, and polls every 2 s', () => {
    expect(historyPageSizes).toEqual([6, 12, 24, 48]);
    expect(historyPageSizes).toContain(defaultHistoryPageSize);
    expect(defaultHistoryPageSize).toBe(12);
    expect(pollIntervalMs).toBe(2000);
  });
});
