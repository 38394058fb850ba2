import type { BrandKit } from '@kadr/contract';
import type { SessionUser } from '../auth/index.ts';
import { type FileRepository, type FileUrls, findOwnImage } from '../files/index.ts';
import type { BrandKitRepository, BrandKitRow } from './brand-kit.repository.ts';
import type { CardFieldError } from './card-errors.ts';

/** The kit a person has before saving one: a dark text, a violet accent, a white panel, no logo. */
export const defaultBrandKit: BrandKit = {
  font: 'manrope',
  colours: { text: '#1f2933', accent: '#6d28d9', panel: '#ffffff' },
  logo: null,
  badgeStyle: 'pill',
};

/** The kit a row holds. */
export function toBrandKit(row: BrandKitRow | undefined): BrandKit {
  if (!row) return defaultBrandKit;
  return { font: row.font, colours: row.colours, logo: row.logo, badgeStyle: row.badgeStyle };
}

/** How saving a brand kit ended. */
export type BrandKitSave =
  | { outcome: 'saved'; kit: BrandKit }
  | { outcome: 'invalid'; errors: CardFieldError[] };

/** A seller's brand kit: read (the default until one is saved) and saved whole. */
export function createBrandKitService(deps: {
  repositories: { brandKits: BrandKitRepository; files: FileRepository };
  urls: FileUrls;
  publicUrl: string;
}) {
  const { brandKits, files } = deps.repositories;
  return {
    async read(user: SessionUser): Promise<BrandKit> {
      return toBrandKit(await brandKits.find(user.id));
    },

    /** Saves the kit; its logo must be one of the person's own pictures here. */
    async save(user: SessionUser, kit: BrandKit): Promise<BrandKitSave> {
      let logo: string | null = null;
      if (kit.logo !== null) {
        const file = await findOwnImage(
          { files, urls: deps.urls, publicUrl: deps.publicUrl },
          user.id,
          kit.logo,
        );
        if (!file) {
          return { outcome: 'invalid', errors: [{ field: 'logo', code: 'not_own_picture' }] };
        }
        logo = deps.urls.absolute(file.id, file.storageKey.split('/').pop() ?? '');
      }
      const row = await brandKits.save(user.id, { ...kit, logo });
      return { outcome: 'saved', kit: toBrandKit(row) };
    },
  };
}

export type BrandKitService = ReturnType<typeof createBrandKitService>;
