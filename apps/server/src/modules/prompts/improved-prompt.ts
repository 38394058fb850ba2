import { promptLanguage, promptMaxLength } from '@kadr/catalog';

/** Why a language model's answer cannot be offered as a prompt (the improvement then fails). */
export type UnusableAnswer = 'empty' | 'refusal' | 'language';

/** Quotes a model may put around the whole answer, paired. */
const QUOTE_PAIRS: readonly [string, string][] = [
  ['"', '"'],
  ["'", "'"],
  ['«', '»'],
  ['“', '”'],
  ['„', '“'],
  ['`', '`'],
];

/**
 * An opening that announces the answer rather than being it ("Here is the prompt:", «Вот
 * улучшенный промпт:»): taken off only when it speaks of a prompt, so «Вот кот: …» stays. (`\b`
 * knows only Latin letters: a Cyrillic word ends by lookahead.)
 */
const PREAMBLE =
  /^(?:(?:sure|certainly|of course|okay|ok)[,!.]?\s*)?(?:here(?:'s| is| are)|below is|this is|вот|конечно[,!]?\s*вот|держите)(?![\p{L}\p{N}])([^:\n]{0,120}):\s*/iu;
const ABOUT_A_PROMPT = /prompt|version|description|rewrit|промпт|описани|вариант|запрос|улучш/iu;
/** A label before the answer ("Improved prompt:", "Промпт:"). */
const LABEL =
  /^(?:\*\*)?(?:(?:improved|rewritten|detailed|enhanced|new|final)\s+)?(?:prompt|промпт|улучшенный промпт|новый промпт|описание)(?:\*\*)?\s*:\s*/iu;
/** A paragraph that comments on the answer instead of being part of it. */
const NOTE =
  /^(?:\(?\s*)(?:note|notes|explanation|changes|i (?:added|kept|made)|примечание|пояснение|комментарий|я (?:добавил|сохранил))(?![\p{L}\p{N}])/iu;
/** An answer that declines. */
const REFUSAL =
  /^(?:i(?:'m| am) (?:sorry|unable|not able)|i can(?:not|'t)|sorry\b|as an ai\b|извините|к сожалению|я не могу|не могу)/iu;

function unquoted(text: string): string {
  let current = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [open, close] of QUOTE_PAIRS) {
      if (current.length > 2 && current.startsWith(open) && current.endsWith(close)) {
        const inner = current.slice(open.length, -close.length);
        // Only quotes around the whole answer, not a quoted name at each end.
        if (!inner.includes(open) && !inner.includes(close)) {
          current = inner.trim();
          changed = true;
        }
      }
    }
  }
  return current;
}

/** At most `max` characters, cut after the last whole word that fits, without a dangling comma. */
function fitted(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  const cut = space >= max * 0.6 ? head.slice(0, space) : head;
  return cut.replace(/[\s,;:—–-]+$/u, '').trim();
}

/**
 * A language model's answer as a prompt the person can keep: without quotes around it, a preamble
 * ("Here is…", «Вот…»), a label, markdown emphasis, list marks or notes after it; one paragraph; at
 * most the studio's prompt limit. Unusable — empty, a refusal, or not in the language of the
 * person's prompt (Russian asked, no Russian answered) — is said as such, never as an empty prompt.
 */
export function cleanImprovedPrompt(
  answer: string,
  original: string,
  max = promptMaxLength,
): { ok: true; prompt: string } | { ok: false; reason: UnusableAnswer } {
  let text = answer
    .replace(/\r\n?/g, '\n')
    .replace(/<\/?prompt>/gi, '')
    .trim();
  text = unquoted(text);
  // A preamble on a line of its own, or before the answer on the same line.
  const [first = '', ...rest] = text.split('\n');
  if (rest.length > 0 && /:\s*$/.test(first) && first.length <= 160) text = rest.join('\n');
  text = text.trim();
  const preamble = PREAMBLE.exec(text);
  if (preamble && ABOUT_A_PROMPT.test(preamble[1] ?? '')) text = text.slice(preamble[0].length);
  text = text.replace(LABEL, '');
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const kept = paragraphs.filter((paragraph, index) => index === 0 || !NOTE.test(paragraph));
  text = kept
    .join('\n')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ');
  text = unquoted(text);
  text = fitted(text, max);
  if (!/[\p{L}\p{N}]/u.test(text)) return { ok: false, reason: 'empty' };
  if (REFUSAL.test(text)) return { ok: false, reason: 'refusal' };
  if (promptLanguage(original) === 'ru' && !russianEnough(text)) {
    return { ok: false, reason: 'language' };
  }
  return { ok: true, prompt: text };
}

/** At least a quarter of the letters Cyrillic: a Russian rewrite may keep English names and terms. */
function russianEnough(text: string): boolean {
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && cyrillic * 4 >= letters;
}
