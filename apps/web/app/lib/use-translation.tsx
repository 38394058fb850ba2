import type { Namespace, TFunction } from 'i18next';
import {
  cloneElement,
  createContext,
  Fragment,
  type ReactElement,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react';
import { i18n, type Translator } from './i18n';

const TranslatorContext = createContext<Translator>(i18n);

/** Its children speak the translator's language (a marketing page: the language of its address). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

/**
 * `t` for one namespace (`common` unless named) in the language of the nearest provider, else the
 * app's; the component re-renders when the person switches language.
 */
export function useTranslation<N extends Namespace = 'common'>(
  ns?: N,
): { t: TFunction<N>; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  const language = useSyncExternalStore(
    translator.subscribe,
    () => translator.language,
    () => translator.language,
  );
  return { t: translator.getFixedT(language, ns ?? ('common' as N)), i18n: translator };
}

const tag = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translated text with marked-up words: `<terms>terms of use</terms>` becomes the `terms`
 * element with those words inside. Words outside the tags stay plain text; a tag without its
 * element is an error rather than text shown with its markup.
 */
export function Trans({
  text,
  components,
}: {
  text: string;
  components: Record<string, ReactElement>;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, name = '', inner] = match;
    const element = components[name];
    if (!element) throw new Error(`Trans: no component for <${name}> in "${text}"`);
    parts.push(text.slice(last, match.index));
    parts.push(cloneElement(element, { key: `${name}-${match.index}` }, inner));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
