import { onDemand } from '~/components/on-demand';
import type { ViewerProps } from './viewer-dialog';

/**
 * A result full-screen (`./viewer-dialog`): the picture with zoom or the video, the previous and
 * next result, and the result's actions — fetched on first use of the screen, opened by `index`.
 */
export const Viewer = onDemand<ViewerProps>(
  () => import('./viewer-dialog').then((module) => module.ViewerDialog),
  (props) => props.index !== null,
);
