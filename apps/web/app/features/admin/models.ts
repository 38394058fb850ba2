import { getModel } from '@kadr/catalog';

/** A model's name from the catalogue (its id when the catalogue no longer has it). */
export function modelName(id: string): string {
  return getModel(id)?.name ?? id;
}
