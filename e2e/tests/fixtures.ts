import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page fails its test on a console error or an uncaught exception: a missing translation key,
 * a failed request the app did not handle, a React warning. Tests that expect one list it. Pages
 * the test opens itself in the same context (a second tab) are watched too.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    const watch = (watched: Page) => {
      watched.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (allowConsoleErrors.some((pattern) => pattern.test(text))) return;
        problems.push(`console.error: ${text}`);
      });
      watched.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    };
    watch(page);
    page.context().on('page', watch);
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };
