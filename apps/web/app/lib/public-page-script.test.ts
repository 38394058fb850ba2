import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageOfferId, mobileMenuId, publicPageScript } from './public-page-script';
import { captureReferral } from './referral';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

function clearBrowser() {
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookies.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

function visit(search: string) {
  window.history.replaceState(null, '', `/smm${search}`);
}

function runInlineScript(language: 'ru' | 'en') {
  // The prerendered page runs it as a classic inline script.
  new Function(publicPageScript(language))();
}

function remembered() {
  return {
    referral: localStorage.getItem('kadr.ref'),
    referralCookie: /(?:^|; )kadr_ref=([^;]+)/.exec(document.cookie)?.[1] ?? null,
  };
}

describe('the public pages’ inline script', () => {
  afterEach(clearBrowser);

  it.each([
    `?ref=${id}`,
    `?next=%2Fstudio&ref=${id.toUpperCase()}`,
    `?ref=%20${id}%20`,
    '',
    '?ref=',
    '?ref=12345',
    '?ref=%3Cscript%3E',
    `?ref=${id}x`,
    `?ref=${id.replaceAll('-', '')}`,
  ])('remembers the referral of %j exactly as the app does', (search) => {
    visit(search);
    captureReferral(search);
    const byApp = remembered();
    clearBrowser();

    runInlineScript('ru');

    expect(remembered()).toEqual(byApp);
  });

  it('keeps an earlier referral when the address carries none', () => {
    visit(`?ref=${id}`);
    runInlineScript('ru');
    visit('?ref=nope');
    runInlineScript('ru');
    expect(remembered()).toEqual({ referral: id, referralCookie: id });
  });

  it.each(['ru', 'en'] as const)('remembers that the page was read in %s', (language) => {
    visit('');
    runInlineScript(language);
    expect(localStorage.getItem('kadr.lang')).toBe(language);
    expect(document.cookie).toContain(`lang=${language}`);
  });

  it.each([
    ['storage', (): void => localStorage.setItem('kadr.lang', 'ru')],
    [
      'cookie',
      (): void => {
        // biome-ignore lint/suspicious/noDocumentCookie: the cookie the app sets.
        document.cookie = 'lang=ru; path=/';
      },
    ],
  ] as const)(
    'keeps a language chosen earlier (in %s): a shared /en link does not switch it',
    (_, choose) => {
      choose();
      visit('');
      runInlineScript('en');
      expect(localStorage.getItem('kadr.lang') ?? 'ru').toBe('ru');
      expect(document.cookie).not.toContain('lang=en');
    },
  );

  it('remembers the language of a RU | EN link the person follows', () => {
    localStorage.setItem('kadr.lang', 'ru');
    document.body.innerHTML =
      '<a id="en" href="#en" hreflang="en">EN</a><a id="odd" href="#x" hreflang="de">DE</a>';
    runInlineScript('ru');
    document.getElementById('odd')?.click();
    expect(localStorage.getItem('kadr.lang')).toBe('ru');
    document.getElementById('en')?.click();
    expect(localStorage.getItem('kadr.lang')).toBe('en');
    expect(document.cookie).toContain('lang=en');
  });

  it('closes the mobile menu when one of its links is followed', () => {
    document.body.innerHTML = `<div id="${mobileMenuId}"><a href="#faq">FAQ</a></div><a id="out" href="#x">x</a>`;
    const menu = document.getElementById(mobileMenuId) as HTMLElement;
    const hidePopover = vi.fn();
    menu.hidePopover = hidePopover;
    runInlineScript('ru');

    document.getElementById('out')?.click();
    expect(hidePopover).not.toHaveBeenCalled();
    menu.querySelector('a')?.click();
    // Every earlier run of the script in this document listens too.
    expect(hidePopover).toHaveBeenCalled();
  });

  it.each([
    [`?referral=${id}`, id],
    [`?referral=${id.toUpperCase()}`, id],
    ['?referral=12345', null],
    [`?ref=nope&referral=${id}`, id],
  ])('reads the specification’s referral parameter too: %j', (search, expected) => {
    visit(search);
    runInlineScript('en');
    expect(remembered()).toEqual({ referral: expected, referralCookie: expected });
  });

  describe('the offer of the other language', () => {
    const offer = () => document.getElementById(languageOfferId) as HTMLElement;
    function page(languages: readonly string[]) {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      document.body.innerHTML = `<aside id="${languageOfferId}" hidden><a id="go" href="#en" hreflang="en">EN</a><button type="button">x</button></aside>`;
    }
    afterEach(() => vi.restoreAllMocks());

    it.each([
      [['en-US', 'en'], 'ru', true],
      [['de-DE', 'en-GB', 'ru'], 'ru', true],
      [['ru-RU', 'en'], 'en', true],
      [['ru-RU', 'en'], 'ru', false],
      [['en-US'], 'en', false],
      [['de-DE', 'fr'], 'ru', false],
      [[], 'ru', false],
    ] as const)('a browser preferring %j on a %s page: shown %s', (languages, language, shown) => {
      page(languages);
      runInlineScript(language);
      expect(offer().hidden).toBe(!shown);
    });

    it('is not offered again once dismissed', () => {
      page(['en-US']);
      runInlineScript('ru');
      offer().querySelector('button')?.click();
      expect(offer().hidden).toBe(true);
      page(['en-US']);
      runInlineScript('ru');
      expect(offer().hidden).toBe(true);
    });

    it('is not offered again once a language is chosen, and the choice is remembered', () => {
      page(['en-US']);
      runInlineScript('ru');
      document.getElementById('go')?.click();
      expect(localStorage.getItem('kadr.lang')).toBe('en');
      page(['en-US']);
      runInlineScript('ru');
      expect(offer().hidden).toBe(true);
    });
  });

  it('stays small', () => {
    // A page's only script, counted in its HTML (ADR 007): referral, language, menu, the offer.
    expect(publicPageScript('en').length).toBeLessThan(1536);
  });
});
