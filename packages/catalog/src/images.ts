/** Input images the product accepts (spec §5); uploads are sniffed against the same list. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export type AcceptedImageType = (typeof acceptedImageTypes)[number];

/** Case-insensitive; media-type parameters (`; charset=…`) are ignored. */
export function isAcceptedImageType(mime: string): boolean {
  const bare = mime.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (acceptedImageTypes as readonly string[]).includes(bare);
}
