import type { BulletIcon } from '@kadr/contract';

/**
 * The bullet icons, drawn for Kadr: one path each on a 24 × 24 grid, stroked (round caps and
 * joins) in a colour that reads on the accent circle behind it.
 */
export const iconPaths: Readonly<Record<BulletIcon, string>> = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  star: 'M12 3.2l2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 17.1 6.6 20l1.1-6.1-4.5-4.3 6.1-.8z',
  leaf: 'M5 19.5C5 11 10 5 19.5 4.5 19.5 13.5 14 19 5 19.5zM5 19.5l8.5-8.5',
  shield:
    'M12 3l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.9-4.3-1.6-7.5-5.3-7.5-9.9V6zM8.8 12.2l2.3 2.3 4.3-4.5',
  drop: 'M12 3c3.8 4.6 6.2 8 6.2 11.2a6.2 6.2 0 0 1-12.4 0C5.8 11 8.2 7.6 12 3z',
  bolt: 'M13.5 2.5L5 13.8h6.3l-1 7.7 8.5-11.3h-6.3z',
  heart: 'M12 20.2S4 15.4 4 9.6A4.3 4.3 0 0 1 12 7.4a4.3 4.3 0 0 1 8 2.2c0 5.8-8 10.6-8 10.6z',
  ruler: 'M2.8 16.6L16.6 2.8l4.6 4.6L7.4 21.2zM7 12.4l2 2M10 9.4l2.6 2.6M13 6.4l2 2',
  box: 'M12 2.8l8.2 4.4v9.6L12 21.2l-8.2-4.4V7.2zM3.8 7.2L12 11.6l8.2-4.4M12 11.6v9.6',
  sun: 'M12 7.8a4.2 4.2 0 1 0 0 8.4 4.2 4.2 0 1 0 0-8.4zM12 2.2v2.4M12 19.4v2.4M2.2 12h2.4M19.4 12h2.4M5.1 5.1l1.7 1.7M17.2 17.2l1.7 1.7M5.1 18.9l1.7-1.7M17.2 6.8l1.7-1.7',
  snowflake:
    'M12 2.5v19M3.8 7.2l16.4 9.6M3.8 16.8l16.4-9.6M9.2 3.8L12 6l2.8-2.2M9.2 20.2L12 18l2.8 2.2M3.4 10.4l3.2.8-.6 3.4M20.6 13.6l-3.2-.8.6-3.4M4 13.4l3.3-.6 1 3.3M20 10.6l-3.3.6-1-3.3',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 7.2V12l3.4 2.2',
};
