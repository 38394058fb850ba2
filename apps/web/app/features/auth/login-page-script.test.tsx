import { type Language, safeReturnPath } from '@kadr/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '~/lib/i18n';
import { I18nProvider } from '~/lib/use-translation';
import en from '~/locales/en/auth.json';
import ru from '~/locales/ru/auth.json';
import { LoginPanel } from './components/login-panel';
import { loginPageScript } from './login-page-script';

// The sign-in page as prerendered (the card, and RU | EN links as the public header draws them; the
// end-to-end tests use the real header), then its inline script run the way the browser runs it;
// the test document is at the address the person opened.
function open(address: string, language: Language = 'ru') {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(language)}>
      <MemoryRouter initialEntries={[new URL(address, 'http://x').pathname]}>
        <nav>
          <a href="/login" hrefLang="ru">
            RU
          </a>
          <a href="/en/login" hrefLang="en">
            EN
          </a>
        </nav>
        <LoginPanel />
      </MemoryRouter>
    </I18nProvider>,
  );
  new Function(loginPageScript(language))();
}

const providerHref = (provider: string) =>
  document.querySelector(`a[data-provider="${provider}"]`)?.getAttribute('href');
const shownAlerts = () =>
  [...document.querySelectorAll<HTMLElement>('[role="alert"]')]
    .filter((alert) => !alert.hidden)
    .map((alert) => alert.textContent);

const replace = vi.fn();
const fetchMock = vi.fn();

function clearBrowser() {
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookies.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeEach(() => {
  // jsdom cannot navigate; the script's only navigations go through location.replace.
  const real = window.location;
  const location = new Proxy(real, {
    get: (target, key) => (key === 'replace' ? replace : Reflect.get(target, key)),
  });
  vi.spyOn(window, 'location', 'get').mockReturnValue(location);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  replace.mockReset();
  fetchMock.mockReset();
  clearBrowser();
});

describe('the sign-in page’s inline script', () => {
  it('puts `next` in every provider’s link, by the one return-path rule', () => {
    const nexts = [
      '/pricing',
      '/studio?tab=video',
      '/history?page=2#top',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      `/${'a'.repeat(2100)}`,
      '',
    ];
    for (const next of nexts) {
      open(`/login?${new URLSearchParams({ next })}`);
      const expected = `?${new URLSearchParams({ next: safeReturnPath(next) })}`;
      for (const provider of ['google', 'yandex', 'vk']) {
        expect(providerHref(provider)).toBe(`/api/auth/${provider}${expected}`);
      }
    }
    open('/login');
    expect(providerHref('google')).toBe('/api/auth/google?next=%2Fstudio');
  });

  it.each([
    ['state', ru.login.errors.state],
    ['cancelled', ru.login.errors.cancelled],
    ['provider', ru.login.errors.provider],
    ['unavailable', ru.login.errors.unavailable],
    ['failed', ru.login.errors.failed],
    ['blocked', ru.login.errors.blocked],
    ['something-new', ru.login.errors.failed],
  ])('explains ?error=%s, and only that', (code, text) => {
    open(`/login?error=${code}`);
    expect(shownAlerts()).toEqual([text]);
  });

  it('shows nothing without an error', () => {
    open('/login?next=%2Fpricing');
    expect(shownAlerts()).toEqual([]);
  });

  it('gives the operator’s reason for a block from its cookie, as text, never from the address', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server's short-lived cookie.
    document.cookie = `kadr_blocked=${encodeURIComponent('<b>Chargeback</b> fraud')}; path=/`;
    open('/en/login?error=blocked&reason=lies', 'en');
    const [before, after] = en.login.errors.blockedWithReason.split('{{reason}}');
    expect(shownAlerts()).toEqual([`${before}<b>Chargeback</b> fraud${after}`]);
    expect(document.querySelector('[data-blocked-reason] b')).toBeNull();

    // biome-ignore lint/suspicious/noDocumentCookie: a cookie that cannot be decoded.
    document.cookie = 'kadr_blocked=%E0%A4%A; path=/';
    open('/login?error=blocked');
    expect(shownAlerts()).toEqual([ru.login.errors.blocked]);
  });

  it('keeps the query in the RU | EN links, and leaves other links alone', () => {
    open('/login?error=state&next=%2Fpricing');
    expect(document.querySelector('a[hreflang="en"]')?.getAttribute('href')).toBe(
      '/en/login?error=state&next=%2Fpricing',
    );
    expect(document.querySelector('a[hreflang="ru"]')?.getAttribute('href')).toBe(
      '/login?error=state&next=%2Fpricing',
    );
    expect(document.querySelector('a[href^="/terms-of-use"]')).not.toBeNull();
  });

  it('follows a language chosen on this device that the server could not know (no cookie yet)', () => {
    localStorage.setItem('kadr.lang', 'en');
    open('/login?next=%2Fpricing');
    expect(document.cookie).toContain('lang=en');
    expect(replace).toHaveBeenCalledWith(window.location.href);

    // Answered in that language, or at its own English address: nothing more to do.
    replace.mockReset();
    open('/login?next=%2Fpricing', 'en');
    open('/en/login');
    localStorage.setItem('kadr.lang', 'ru');
    open('/en/login', 'en');
    expect(replace).not.toHaveBeenCalled();
  });

  it('sends a signed-in person on to `next` once the server confirms the session', async () => {
    open('/login?next=%2Fpricing');
    expect(fetchMock).not.toHaveBeenCalled();

    // biome-ignore lint/suspicious/noDocumentCookie: the hint the server sets at sign-in.
    document.cookie = 'kadr_auth=1; path=/';
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    open('/login?next=%2Fpricing');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/refresh',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/pricing'));

    // A session that has ended: the person stays to sign in.
    replace.mockReset();
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 }));
    open('/login?next=%2Fpricing');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    open('/login');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(replace).not.toHaveBeenCalled();
  });

  it.each([
    ['ru', ru],
    ['en', en],
  ] as const)(
    'greets a first visit in %s with a title that fits it, and says welcome back after a sign-in',
    (language, texts) => {
      const address = language === 'en' ? '/en/login' : '/login';
      const title = () => document.querySelector('h1')?.textContent;
      open(address, language);
      expect(title()).toBe(texts.login.title);
      expect(texts.login.title).not.toBe(texts.login.titleReturning);
      // Someone uses a provider's button: the next visit is a return.
      document
        .querySelector<HTMLAnchorElement>('a[data-provider="google"]')
        ?.addEventListener('click', (event) => event.preventDefault());
      document.querySelector<HTMLAnchorElement>('a[data-provider="google"]')?.click();
      open(address, language);
      expect(title()).toBe(texts.login.titleReturning);
    },
  );
});
