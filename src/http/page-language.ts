/** The languages of the platform's pages (hosted onboarding, the 3DS challenge): every text exists in both. */
export const LANGS = ['pt-BR', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'pt-BR';

/** `lang` query (the switch) wins; else the first language of Accept-Language (by q) we speak; else pt-BR. */
export function chooseLang(query: unknown, acceptLanguage: string | undefined): Lang {
  const asked = typeof query === 'string' ? langOf(query) : null;
  if (asked) return asked;
  const ranked = (acceptLanguage ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => l.tag && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = langOf(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

function langOf(tag: string): Lang | null {
  const primary = tag.toLowerCase().split('-')[0];
  return primary === 'pt' ? 'pt-BR' : primary === 'en' ? 'en' : null;
}
