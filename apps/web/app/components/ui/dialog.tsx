import { onDemand } from '~/components/on-demand';
import type { ModalProps } from './modal';

/** A centred modal dialog (`./modal`, on Radix), fetched on first use of the screen. */
export const Modal = onDemand<ModalProps>(
  () => import('./modal').then((module) => module.Modal),
  (props) => props.open,
);
