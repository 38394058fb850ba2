import {
  browserStorageKeys,
  cookieNames,
  defaultAfterLogin,
  type Language,
  languageMaxAgeSeconds,
  languages,
  maxReturnPathLength,
  paths,
  unsafeInReturnPath,
} from '@kadr/contract';
import { generalSignInError, signInErrors } from './sign-in-errors';

/** Marks the card's prerendered parts that the page's script fills in or shows. */
export const loginPageAttributes = {
  /** A provider's button (`data-provider="google"`): its link gets the page's `next`. */
  provider: 'data-provider',
  /** An explanation of a failed sign-in, hidden until `?error=` names it. */
  error: 'data-sign-in-error',
  /** Where the operator's reason for a block goes, inside the `blocked-reason` explanation. */
  blockedReason: 'data-blocked-reason',
  /** The heading's greeting for someone who signed in from this browser before ('Welcome back'). */
  returningTitle: 'data-returning-title',
} as const;

/** The explanation shown for a block that came with the operator's reason. */
export const blockedWithReason = 'blocked-reason' as const;

/**
 * The sign-in page's own script (the page loads no framework: ADR 024), inlined after the card, a
 * couple of kilobytes. It does what the app did on this page, with the same rules from
 * @kadr/contract (features/auth/login-page-script.test.ts checks they agree):
 * - follows a language chosen on this device but known only to local storage: the server answers
 *   `/login` in the language of the `lang` cookie, so the cookie is set and the page loaded again;
 * - reads `next` with the one return-path rule (`safeReturnPath`) and puts it in each provider's
 *   link, and keeps the query (`next`, `error`) in the RU | EN links;
 * - greets someone who went through sign-in from this browser before with 'Welcome back' (the
 *   prerendered title fits a first visit too), and remembers a provider's button being used;
 * - shows why the last attempt failed (`?error=`; an unknown code gets the general message), with
 *   the operator's reason for a block from its short-lived cookie (never from the address);
 * - sends a person who is signed in on to `next`, after asking the server as the app does (only
 *   when the hint cookie says someone signed in from this browser).
 */
export function loginPageScript(language: Language): string {
  const json = JSON.stringify;
  const { provider, error, blockedReason, returningTitle } = loginPageAttributes;
  const languagePattern = `^(${languages.join('|')})$`;
  const probe = 'https://kadr.invalid';
  return (
    '(function(){var d=document,l=location,q=new URLSearchParams(l.search),' +
    `cookie=function(n){var m=new RegExp("(?:^|; )"+n+"=([^;]*)").exec(d.cookie);return m?m[1]:null},` +
    // The language: only at /login, which the server answers by the cookie; /en/login is English.
    `k=null;try{k=localStorage.getItem(${json(browserStorageKeys.lang)})}catch(e){}` +
    `if(l.pathname.replace(/\\/$/,"")===${json(paths.login)}&&k!==${json(language)}&&new RegExp(${json(languagePattern)}).test(k)&&cookie(${json(cookieNames.language)})!==k){` +
    `d.cookie=${json(`${cookieNames.language}=`)}+k+${json(`; path=/; max-age=${languageMaxAgeSeconds}; samesite=lax`)};` +
    `if(cookie(${json(cookieNames.language)})===k){l.replace(l.href);return}}` +
    // `next`, as safeReturnPath reads it.
    `var D=${json(defaultAfterLogin)},n=q.get("next"),u;` +
    `if(typeof n!=="string"||n.charAt(0)!=="/"||n.charAt(1)==="/"||n.length>${maxReturnPathLength}||${unsafeInReturnPath.toString()}.test(n))n=D;` +
    `else{try{u=new URL(n,${json(probe)});n=u.origin===${json(probe)}?u.pathname+u.search+u.hash:D}catch(e){n=D}` +
    `if(n.charAt(0)!=="/"||n.charAt(1)==="/")n=D}` +
    `d.querySelectorAll("a[${provider}]").forEach(function(a){a.href="/api/auth/"+a.getAttribute(${json(provider)})+"?"+new URLSearchParams({next:n});` +
    `a.addEventListener("click",function(){try{localStorage.setItem(${json(browserStorageKeys.returning)},"1")}catch(e){}})});` +
    // Welcome back: a sign-in went through this browser before, or a session may exist.
    `var R=null;try{R=localStorage.getItem(${json(browserStorageKeys.returning)})}catch(e){}` +
    `var h=d.querySelector("[${returningTitle}]");if(h&&(R||cookie(${json(cookieNames.signedInHint)})==="1"))h.textContent=h.getAttribute(${json(returningTitle)});` +
    `d.querySelectorAll("a[hreflang]").forEach(function(a){if(/^(\\/en)?\\/login$/.test(a.pathname))a.setAttribute("href",a.pathname+l.search)});` +
    // Why the last attempt failed.
    `var c=q.get("error");if(c){if(${json(signInErrors)}.indexOf(c)<0)c=${json(generalSignInError)};` +
    `var r="";if(c==="blocked"){try{r=decodeURIComponent(cookie(${json(cookieNames.blocked)})||"")}catch(e){}}` +
    `if(r){c=${json(blockedWithReason)};d.querySelector("[${blockedReason}]").textContent=r}` +
    `var s=d.querySelector('[${error}="'+c+'"]');if(s)s.hidden=false}` +
    // Someone signed in already: on to `next`.
    `if(cookie(${json(cookieNames.signedInHint)})==="1")fetch("/api/auth/refresh",{method:"POST",credentials:"same-origin",` +
    `headers:{accept:"application/json","content-type":"application/json"},body:"{}"})` +
    '.then(function(a){if(a.ok)l.replace(n)},function(){})})()'
  );
}
