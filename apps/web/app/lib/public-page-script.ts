import {
  browserStorageKeys,
  cookieNames,
  type Language,
  languageMaxAgeSeconds,
  languages,
  referralMaxAgeSeconds,
  referralParams,
  uuidPattern,
} from '@kadr/contract';

/** The id of the public header's mobile menu (a popover). */
export const mobileMenuId = 'mobile-menu';

/** The id of the offer to read the page in the browser's language (prerendered hidden). */
export const languageOfferId = 'language-offer';

/**
 * The only script of a marketing page (they load no framework; ADR 007), inlined at the end of
 * the body, a few hundred bytes. It does what the web app does on its pages, with the same rules
 * from @kadr/contract (lib/public-page-script.test.ts checks they agree):
 * - remembers a `?ref=` (or `?referral=`) referral in local storage and the `kadr_ref` cookie, as
 *   lib/referral.ts;
 * - shows the prerendered offer of this page in the other language when the browser prefers it
 *   (`navigator.languages`, what it sends as Accept-Language), until the offer is dismissed or a
 *   RU | EN link is followed; the offer floats over the page, so showing it moves nothing;
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
    `q=new URLSearchParams(location.search),r=null,` +
    `o=d.getElementById(${JSON.stringify(languageOfferId)}),` +
    // The offer is done with: remembered, and hidden.
    `D=function(){${store(browserStorageKeys.languageOffer, '"1"')}if(o)o.hidden=true},` +
    `N=navigator.languages||[navigator.language],i,p,k;` +
    // The first parameter that holds a user id, as referralFromSearch reads it.
    `${JSON.stringify(referralParams)}.forEach(function(n){var v=q.get(n);v=v&&v.trim();` +
    `if(!r&&v&&/${uuidPattern.source}/i.test(v))r=v.toLowerCase()});` +
    `if(r){${store(browserStorageKeys.referral, 'r')}${cookie(cookieNames.referral, 'r', referralMaxAgeSeconds, true)}}` +
    `if(!c()){${remember(lang)}}` +
    // The browser's first language we speak; offered when it is not the page's.
    `for(i=0;i<N.length&&!p;i++)p=/^(${languages.join('|')})\\b/i.exec(N[i]);` +
    `try{k=localStorage.getItem(${JSON.stringify(browserStorageKeys.languageOffer)})}catch(e){}` +
    // Shown with the address's query, so a `next` or a referral goes along.
    `if(o&&p&&p[1].toLowerCase()!==${lang}&&!k){o.hidden=false;o.querySelector("a").search=location.search}` +
    `d.addEventListener("click",function(e){var t=e.target,m=d.getElementById(${JSON.stringify(mobileMenuId)}),` +
    `l=t.closest&&t.closest("a[hreflang]"),v=l&&l.getAttribute("hreflang");` +
    `if(v&&/^(${languages.join('|')})$/.test(v)){${remember('v')};D()}` +
    `if(t.closest&&t.closest(${JSON.stringify(`#${languageOfferId} button`)}))D();` +
    `if(m&&t.closest&&t.closest(${JSON.stringify(`#${mobileMenuId} a`)}))m.hidePopover()})})()`
  );
}
