import { getModel } from '@kadr/catalog';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { fill, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { en, ru } from './landing-texts.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

/**
 * Lineage seen from the web app (issue #35), in English: a result generated in the studio is
 * finished by a chain of tools clicked through the tools workspace — remove background → replace
 * background → upscale — and each link shows both ways: the last edit's viewer says what it was
 * made from, the first result's viewer lists its edit and walks the chain, history marks each tool
 * run; /pricing and the public home page list the five tools with their prices.
 */

type Record = {
  id: string;
  status: string;
  source_id: string | null;
  expand: { output_files: { url: string }[] };
};

// In English: the tools spec walks the five tools in Russian (desktop) and English (phone).
const t = texts.en;
const tools = [
  { title: 'Убрать фон', titleEn: 'Remove background', perPicture: 2 },
  { title: 'Заменить фон', titleEn: 'Replace background', perPicture: 4 },
  { title: 'Расширить кадр', titleEn: 'Expand the frame', perPicture: 4 },
  { title: 'Исправить область', titleEn: 'Fix a region', perPicture: 5 },
] as const;

async function finished(request: APIRequestContext, id: string): Promise<Record> {
  let record: Record | undefined;
  await expect
    .poll(async () => {
      record = (await (await request.get(`/api/generations/${id}`)).json()) as Record;
      return record.status;
    })
    .toBe('completed');
  return record as Record;
}

/**
 * Runs the tool the workspace shows, as a person does: the cost is on the button, the run is
 * followed live to its end. Answers the finished record, checked to be made from `source`.
 */
async function runInWorkspace(page: Page, source: Record): Promise<Record> {
  const button = page.locator('form button[type="submit"]');
  await expect(button).toHaveAttribute('data-state', 'ready');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-image'));
  await button.click();
  const { request_id } = (await (await created).json()) as { request_id: string };
  await expect(page.locator(`[data-tool-run="${request_id}"]`)).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 15_000 },
  );
  const done = await finished(page.request, request_id);
  expect(done.source_id).toBe(source.id);
  return done;
}

/** "Edit further" on the result just made, then the next tool picked. */
async function furtherWith(page: Page, made: Record, tool: string) {
  await page.getByRole('link', { name: t.tools.result.further }).click();
  await expect(page).toHaveURL(new RegExp(`from=${made.id}`));
  await page.locator(`label[data-tool="${tool}"]`).click();
}

function viewer(page: Page): Locator {
  return page.getByRole('dialog');
}

test('a chain of edits keeps its lineage both ways: studio, viewer, history, prices', async ({
  page,
}) => {
  // Four tool runs in a row, each drawn by the emulator (sharp) and stored, then every screen that
  // shows them: on the loaded two-core machine it ran out of 60 s at its last steps (2026-12-07).
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  await demoSignIn(page.request, { name: 'Lineage Person', email: uniqueEmail('lineage') });

  // A new picture in the studio; its card offers Edit with the five tools and their prices.
  await page.goto('/studio');
  await page.getByLabel(/^(Промпт|Prompt)$/).fill('A red chair in an empty room');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-image'));
  await page.locator('form button[type="submit"]').click();
  const { request_id } = (await (await created).json()) as { request_id: string };
  const panel = page.locator(`article[data-generation="${request_id}"]`);
  await expect(panel).toHaveAttribute('data-status', 'completed');
  const edit = panel.getByRole('button', { name: t.edit.action });
  await edit.click();
  const menu = panel.getByRole('list', { name: t.edit.menuTitle });
  await expect(menu.getByRole('link')).toHaveCount(5);
  await expect(menu.getByRole('link', { name: /Remove background/ })).toHaveAttribute(
    'href',
    `/tools?tool=remove-background&from=${request_id}`,
  );
  await expect(menu.getByRole('link', { name: /Remove background/ })).toContainText('2 credits');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveAttribute('aria-expanded', 'false');

  // The chain, clicked through: Edit → remove the background → further: a new background →
  // further: upscale.
  const generated = await finished(page.request, request_id);
  await edit.click();
  await menu.getByRole('link', { name: /Remove background/ }).click();
  await expect(page).toHaveURL(`/tools?tool=remove-background&from=${request_id}`);
  const cut = await runInWorkspace(page, generated);
  await furtherWith(page, cut, 'replace-background');
  await page
    .getByLabel(getModel('replace-background')?.tool?.promptText?.label.en ?? 'missing')
    .fill('a marble kitchen');
  const placed = await runInWorkspace(page, cut);
  await furtherWith(page, placed, 'upscale');
  const upscaled = await runInWorkspace(page, placed);

  // History: each tool run by its tool's title, marked as made from another picture.
  await page.goto('/history');
  const card = (record: Record) => page.locator(`article[data-generation="${record.id}"]`);
  await expect(card(upscaled).locator('[data-made-with]')).toHaveText('Upscale');
  await expect(card(cut).locator('[data-made-with]')).toHaveText('Remove background');
  for (const record of [cut, placed, upscaled]) {
    await expect(
      card(record).getByRole('button', { name: t.generation.madeFromResult }),
    ).toBeVisible();
  }
  await expect(card(generated).getByText(t.generation.madeFromResult)).toHaveCount(0);

  // The last edit's viewer: made from the one before it.
  await card(upscaled).getByRole('button', { name: t.viewer.open }).click();
  const lineage = viewer(page).getByRole('region', { name: t.viewerDialog.lineage.label });
  await expect(lineage).toContainText(t.viewerDialog.lineage.madeFrom);
  await expect(
    lineage.getByRole('button', {
      name: fill(t.viewerDialog.lineage.open, { name: 'Replace background' }),
    }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);

  // The first result's viewer lists its edit; the edit opens in the viewer and walks on.
  await card(generated).getByRole('button', { name: t.viewer.open }).click();
  await expect(
    viewer(page).getByRole('heading', { name: t.viewerDialog.lineage.edits }),
  ).toBeVisible();
  await viewer(page)
    .getByRole('button', { name: fill(t.viewerDialog.lineage.open, { name: 'Remove background' }) })
    .click();
  await expect(
    viewer(page).getByRole('button', { name: t.viewerDialog.lineage.back }),
  ).toBeVisible();
  await expect(viewer(page).locator('[data-viewer-media]')).toHaveAttribute(
    'src',
    cut.expand.output_files[0]?.url ?? '',
  );
  await expect(
    viewer(page).getByRole('button', {
      name: fill(t.viewerDialog.lineage.open, { name: 'Replace background' }),
    }),
  ).toBeVisible();
  expect((await scanAtRest(page, '[role="dialog"]')).violations).toEqual([]);
  await viewer(page).getByRole('button', { name: t.viewerDialog.lineage.back }).click();
  await expect(viewer(page).locator('[data-viewer-media]')).toHaveAttribute(
    'src',
    generated.expand.output_files[0]?.url ?? '',
  );
  await page.keyboard.press('Escape');

  // 'Reuse settings' of a tool run goes to the tools workspace.
  await card(cut).getByRole('button', { name: t.generation.reuse }).click();
  await expect(page).toHaveURL(`/tools?reuse=${cut.id}`);

  // /pricing lists the five tools with their prices.
  await page.goto('/pricing');
  const costs = page.getByRole('region', { name: t.pricing.costs.tools });
  await expect(costs.locator('[data-tool-cost]')).toHaveCount(5);
  await expect(costs).toContainText(
    fill(t.pricing.costs.perMegapixel, {
      cost: '0.25 credits',
      minimum: plural('en', t.pricing, 'tokens', 1),
    }),
  );
  for (const tool of tools) {
    await expect(costs.locator('li', { hasText: tool.titleEn })).toContainText(
      fill(t.pricing.costs.perPicture, {
        cost: plural('en', t.pricing, 'tokens', tool.perPicture),
      }),
    );
  }
});

test('the public home page lists the five tools with their prices, in both languages', async ({
  page,
}) => {
  for (const [path, lang, title] of [
    ['/', ru, 'Увеличить'],
    ['/en', en, 'Upscale'],
  ] as const) {
    await page.goto(path);
    const group = page.getByRole('region', { name: lang.home.prices.tools });
    await expect(group.locator('[data-tool-cost]')).toHaveCount(5);
    await expect(group.locator('li').first()).toContainText(title);
    for (const tool of tools) {
      await expect(group).toContainText(path === '/' ? tool.title : tool.titleEn);
    }
    await expect(group).toContainText(
      path === '/' ? '2 кредита за картинку' : '2 credits per picture',
    );
    // Prerendered and script-free, like the rest of the page.
    await expect(page.locator('script[src]')).toHaveCount(0);
  }
});
