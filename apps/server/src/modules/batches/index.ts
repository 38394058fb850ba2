// The batches module's public entry: what the cards module starts its CSV batches through.
export type { BatchService, BatchStart } from './batch.service.ts';
