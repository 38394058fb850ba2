import { test as base, expect } from '@playwright/test';

/**
 * Every page fails its test on a console error or an uncaught exception: a missing translation key,
 * a failed request the app did not handle, a React warning. Tests that expect one list it.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (allowConsoleErrors.some((pattern) => pattern.test(text))) return;
      problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };
