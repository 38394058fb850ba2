/**
 * The name a saved output gets: the model, the prompt's first words and the moment it was made, so
 * saved files tell what they are and never collide — `kadr-seedream-3-a-lighthouse-at-dawn-20261124-153012.jpg`,
 * a second output of the same generation `…-2.jpg`. Letters of any script are kept (a Russian
 * prompt stays Russian); everything else becomes one hyphen.
 */
export function downloadName(
  generation: { model: string; prompt: string; created: Date | string },
  file: { name: string; position: number },
): string {
  const slug = generation.prompt
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const at = new Date(generation.created).toISOString();
  const stamp = `${at.slice(0, 10).replaceAll('-', '')}-${at.slice(11, 19).replaceAll(':', '')}`;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
  const model = generation.model.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const parts = ['kadr', model, slug, stamp, file.position > 0 ? String(file.position + 1) : ''];
  return `${parts.filter(Boolean).join('-')}.${extension}`;
}

/** What a download name may be (the files route accepts nothing else in `?as=`). */
export const downloadNamePattern = /^[\p{L}\p{N}._-]{1,160}$/u;
