import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's findings on the page at rest. Motion is reduced while it scans, so a toast that is sliding
 * in or fading out (sonner stops its transitions then) is measured where it comes to rest: caught
 * half-transparent, a toast read as a colour-contrast failure of 2:1 when the run was slow.
 * `include` narrows the scan to a part of the page (a dialog).
 */
export async function scanAtRest(page: Page, include?: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const builder = new AxeBuilder({ page });
    return await (include ? builder.include(include) : builder).analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
