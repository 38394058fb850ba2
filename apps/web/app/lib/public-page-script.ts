import {
  browserStorageKeys,
  cookieNames,
  type Language,
  languageMaxAgeSeconds,
  languages,
  referralMaxAgeSeconds,
  referralParam,
  uuidPattern,
} from '@kadr/contract';

/** The id of the public header's mobile menu (a popover). */
export const mobileMenuId = 'mobile-menu';

/**
 * The only script of a marketing page (they load no framework; ADR 007), inlined at the end of
 * the body, a few hundred bytes. It does what the web app does on its pages, with the same rules
 * from @kadr/contract (lib/public-page-script.test.ts checks they agree):
 * - remembers a `?ref=` referral in local storage and the `kadr_ref` cookie, as lib/referral.ts;
 * - remembers the page's language so that the studio opens in it, but only when the person has
 *   not chosen one yet: a shared link to `/en/…` must not switch a Russian reader's app (and back);
 * - remembers the language of a RU | EN link the person follows: that is a choice, as in the app;
 * - closes the mobile menu when one of its links is followed (a popover stays open otherwise).
 */
export function publicPageScript(language: Language): string {
  // The same attributes as the app's cookies: the referral is `secure` over HTTPS, the language not.
  const cookie = (name: string, value: string, maxAge: number, secure: boolean) =>
    `d.cookie=${JSON.stringify(`${name}=`)}+${value}+${JSON.stringify(
      `; path=/; max-age=${maxAge}; samesite=lax`,
    )}${secure ? '+s' : ''}`;
  const store = (key: string, value: string) =>
    `try{localStorage.setItem(${JSON.stringify(key)},${value})}catch(e){}`;
  const lang = JSON.stringify(language);
  const remember = (value: string) =>
    `${store(browserStorageKeys.lang, value)}${cookie(cookieNames.language, value, languageMaxAgeSeconds, false)}`;
  const chosen =
    `function(){try{if(/^(${languages.join('|')})$/.test(localStorage.getItem(${JSON.stringify(browserStorageKeys.lang)})))return true}catch(e){}` +
    `return /(?:^|; )${cookieNames.language}=(${languages.join('|')})(?:;|$)/.test(d.cookie)}`;
  return (
    '(function(){var d=document,' +
    's=location.protocol==="https:"?"; secure":"",' +
    `c=${chosen},` +
    `r=new URLSearchParams(location.search).get(${JSON.stringify(referralParam)});` +
    `r=r&&r.trim();if(r&&/${uuidPattern.source}/i.test(r)){r=r.toLowerCase();` +
    `${store(browserStorageKeys.referral, 'r')}${cookie(cookieNames.referral, 'r', referralMaxAgeSeconds, true)}}` +
    `if(!c()){${remember(lang)}}` +
    `d.addEventListener("click",function(e){var m=d.getElementById(${JSON.stringify(mobileMenuId)}),` +
    `l=e.target.closest&&e.target.closest("a[hreflang]"),v=l&&l.getAttribute("hreflang");` +
    `if(v&&/^(${languages.join('|')})$/.test(v)){${remember('v')}}` +
    `if(m&&e.target.closest&&e.target.closest(${JSON.stringify(`#${mobileMenuId} a`)}))m.hidePopover()})})()`
  );
}
