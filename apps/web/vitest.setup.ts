import { beforeEach } from 'vitest';
import { loadTexts } from '~/lib/i18n';

// Tell React it runs under tests, as Testing Library does only when test globals exist (ours are
// imported): React then warns, through console.error, about a state update outside act(), and the
// shared setup fails that test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// The signed-in screens' texts load in one language, before a screen renders (ADR 042): the routes'
// loaders do it in the app. A test renders components directly, in either language, so the texts
// its modules registered are loaded in both before each test.
beforeEach(async () => {
  await Promise.all([loadTexts('ru'), loadTexts('en')]);
});
