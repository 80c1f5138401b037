/**
 * The shop speaks to people in Estonian with the formal address, 'Teie' (the quality bar of the
 * project: "every user-facing text in et uses the formal 'Teie' address"). This test scans every Estonian text a
 * shopper or staff member reads:
 * - the web bundles web/src/locales/et/*.json (key by key),
 * - every Estonian string in the server code: the `et` value of a `{ et, en }` message (api/plugins/messages.ts and the
 *   routes' own messages, delivery providers, payment pages) and every string of an `et: { ... }` text group (the
 *   order confirmation and password reset mails, the order PDF's labels, the payment redirect page),
 * - the seeded content pages (terms of sale, contact), HTML stripped.
 *
 * What is informal, as words matched with Estonian word boundaries, case-insensitive:
 * - INFORMAL_PRONOUNS: the 2nd person singular pronoun in any case: sina/sa, sinu/su, sul/sinul, sulle/sinule, sind,
 *   sinult, sinust, sinuga, sinuni, sinus, sinusse, sinuta, sinuks. (Formal: Teie/te, Teie, Teil, Teile, Teid …)
 * - INFORMAL_VERBS: 2nd person singular verb forms ending in -d that are not also another person: oled, soovid,
 *   tahad, saad, võid, pead, tead, näed, leiad, vajad, vajutad, kasutad, sisestad, valid, lisad, tellid, maksad,
 *   ostad, jätkad, and 'unustasid' ("Unustasid parooli?"; other past forms in -sid are also 3rd person plural
 *   and are left out). (Formal: olete, soovite, saate, võite, näete, unustasite …)
 * - SINGULAR_IMPERATIVES: vali, sisesta, lisa, kontrolli, vaata, proovi, palu, võta, vajuta, klõpsa, logi, kinnita,
 *   muuda, salvesta, kustuta, laadi, mine, jätka, loe, kirjuta, otsi, vormista, esita, maksa, sulge, ava, näita,
 *   peida, täida, määra, helista, kasuta, anna, jäta, oota, tühjenda, teata, küsi, pöördu, liigu, lülita, loo, luba,
 *   keela, vaheta, sorteeri, filtreeri. (Formal plural: valige, sisestage, lisage, proovige, võtke, logige …)
 *   Words that are also nouns or pronouns in other senses (tee 'road', too 'that', korda 'times', ole) are left out.
 *
 * Buttons and commands: standard Estonian UI practice (the Microsoft Estonian style guide; the Magento et_EE and
 * Spree et glossaries in ../shared/data/i18n: "Add to Cart" -> "Lisa ostukorvi", "Save" -> "Salvesta") writes a
 * command on a button, link or menu item as the short singular imperative, while text that speaks to the reader
 * uses the formal plural. This shop does the same, and the test encodes it: a singular imperative is allowed only as
 * the FIRST word of a COMMAND LABEL, which is
 * - a short text: at most 6 words, no sentence inside or at the end ('.', '!', '?'), and
 * - not a prompt: its key does not end in placeholder, description, hint, prompt, message, intro, text, label,
 *   filter or start with choose (field labels, placeholders and prompts speak to the reader: "Valige riik",
 *   "Otsige nime või tootekoodi järgi").
 * A button or menu item named inside a sentence, in quotes or after '→' in a menu path ('Valige "Maksa"',
 * 'Kasutajad → Määra uus parool'), is its name and is not counted.
 * So "Lisa ostukorvi", "Vormista ost", "Salvesta" stay; "Palun proovi uuesti.", "Vali riik" (a prompt) and
 * "Sisesta kontakt- ja tarneandmed …" are informal. Pronouns and 2nd person verbs are informal everywhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEED_PAGES } from '../commands/page/seed-pages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const INFORMAL_PRONOUNS = ['sina', 'sa', 'sinu', 'su', 'sul', 'sinul', 'sulle', 'sinule', 'sind', 'sinult', 'sinust', 'sinuga', 'sinuni', 'sinus', 'sinusse', 'sinuta', 'sinuks'];
const INFORMAL_VERBS = ['oled', 'soovid', 'tahad', 'saad', 'võid', 'pead', 'tead', 'näed', 'leiad', 'vajad', 'vajutad', 'kasutad', 'sisestad', 'valid', 'lisad', 'tellid', 'maksad', 'ostad', 'jätkad', 'unustasid'];
const SINGULAR_IMPERATIVES = [
  'vali', 'sisesta', 'lisa', 'kontrolli', 'vaata', 'proovi', 'palu', 'võta', 'vajuta', 'klõpsa', 'logi', 'kinnita', 'muuda',
  'salvesta', 'kustuta', 'laadi', 'mine', 'jätka', 'loe', 'kirjuta', 'otsi', 'vormista', 'esita', 'maksa', 'sulge', 'ava',
  'näita', 'peida', 'täida', 'määra', 'helista', 'kasuta', 'anna', 'jäta', 'oota', 'tühjenda', 'teata', 'küsi', 'pöördu',
  'liigu', 'lülita', 'loo', 'luba', 'keela', 'vaheta', 'sorteeri', 'filtreeri',
];

const LETTER = 'A-Za-zÕÄÖÜŠŽõäöüšž';
const wordsRe = (words: string[]) => new RegExp(`(?<![${LETTER}])(${words.join('|')})(?![${LETTER}])`, 'giu');
const PRONOUN_RE = wordsRe(INFORMAL_PRONOUNS);
const VERB_RE = wordsRe(INFORMAL_VERBS);
const IMPERATIVE_RE = wordsRe(SINGULAR_IMPERATIVES);
/** Keys of texts that speak to the reader (labels, placeholders, prompts): never a command label. */
const PROMPT_KEY = /(placeholder|description|hint|prompt|message|intro|text|label|filter)$|^choose/i;

/** One Estonian text and where it comes from. */
interface EtText {
  where: string;
  key: string;
  text: string;
}

/** True when `text` (under `key`) is a command label: short, no sentence, not a prompt. */
function isCommandLabel(key: string, text: string): boolean {
  const words = text.replace(/{{[^}]*}}|\$\{[^}]*\}/g, 'X').trim().split(/\s+/);
  return words.length <= 6 && !/[.!?](\s|$)/.test(text.trim()) && !PROMPT_KEY.test(key.split('.').pop() ?? '');
}

/** The informal forms in one text: every pronoun and verb, and every singular imperative outside a command label's first word. */
export function informalForms(key: string, text: string): string[] {
  const found = [...text.matchAll(PRONOUN_RE), ...text.matchAll(VERB_RE)].map((m) => m[0]);
  const command = isCommandLabel(key, text);
  // a button or menu item named in a sentence ('Valige "Maksa"', 'Kasutajad → Määra uus parool') is a name, not address
  const named = text.replace(/["„“”][^"„“”]*["“”]/g, (q) => ' '.repeat(q.length)).replace(/→[^→.]*/g, (q) => ' '.repeat(q.length));
  for (const m of named.matchAll(IMPERATIVE_RE)) {
    const first = named.slice(0, m.index).trim() === '';
    if (!(command && first)) found.push(m[0]);
  }
  return found;
}

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

function webTexts(): EtText[] {
  const dir = path.join(root, 'web/src/locales/et');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => Object.entries(flatten(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))).map(([key, text]) => ({ where: `locales/et/${f}`, key, text })));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'testing' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Reads the string literal starting at `src[i]` (a quote or backtick); `${…}` becomes X. @returns [text, index after it]. */
function readLiteral(src: string, i: number): [string, number] {
  const q = src[i];
  let out = '';
  let j = i + 1;
  while (j < src.length && src[j] !== q) {
    if (src[j] === '\\') { out += src[j + 1]; j += 2; continue; }
    if (q === '`' && src[j] === '$' && src[j + 1] === '{') {
      let depth = 0;
      for (; j < src.length; j++) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}' && --depth === 0) break;
      }
      out += 'X';
      j++;
      continue;
    }
    out += src[j++];
  }
  return [out, j + 1];
}

/** The end (index after the closing brace) of the `{ … }` block starting at `src[i]`, skipping string literals. */
function blockEnd(src: string, i: number): number {
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === "'" || c === '"' || c === '`') { j = readLiteral(src, j)[1] - 1; continue; }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j + 1;
  }
  return src.length;
}

/** Estonian strings of one source file: `et: '…'` values and the `key: '…'` / `key: (…) => '…'` members of `et: { … }`. */
export function estonianStringsOf(src: string, where: string): EtText[] {
  const out: EtText[] = [];
  for (const m of src.matchAll(/(?<![\w$.])et:\s*(?=['"`{])/g)) {
    const at = m.index + m[0].length;
    if (src[at] !== '{') {
      out.push({ where, key: 'et', text: readLiteral(src, at)[0] });
      continue;
    }
    const block = src.slice(at, blockEnd(src, at));
    for (const member of block.matchAll(/(\w+):\s*(?:\([^)]*\)\s*=>\s*)?(?=['"`])/g)) {
      out.push({ where, key: member[1], text: readLiteral(block, member.index + member[0].length)[0] });
    }
  }
  return out;
}

function serverTexts(): EtText[] {
  return ['api', 'workers', 'domain', 'commands', 'platform', 'projections', 'bin']
    .flatMap((d) => sourceFiles(path.join(root, d)))
    .flatMap((file) => estonianStringsOf(readFileSync(file, 'utf8'), path.relative(root, file)));
}

function pageTexts(): EtText[] {
  return SEED_PAGES.flatMap((p) =>
    [p.title?.et, p.content?.et, p.metaDescription?.et].filter((t): t is string => typeof t === 'string').map((t) => ({
      where: `commands/page/seed-pages.ts (${p.slug?.et})`,
      key: 'content',
      text: t.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
    })),
  );
}

const report = (texts: EtText[]) =>
  texts.flatMap(({ where, key, text }) => {
    const forms = informalForms(key, text);
    return forms.length ? [`${where} ${key}: [${forms.join(', ')}] ${text}`] : [];
  });

describe('Estonian texts use the formal address', () => {
  it('knows the forms: informal pronouns, verbs and imperatives are found, formal ones and command labels are not', () => {
    expect(informalForms('x', 'Sinu ostukorv')).toEqual(['Sinu']);
    expect(informalForms('x', 'Kas soovid lahkuda?')).toEqual(['soovid']);
    expect(informalForms('x', 'Palun proovi uuesti.')).toEqual(['proovi']);
    expect(informalForms('chooseCountry', 'Vali riik')).toEqual(['Vali']);
    expect(informalForms('placeholder', 'Otsi nime järgi')).toEqual(['Otsi']);
    expect(informalForms('add', 'Lisa ostukorvi')).toEqual([]);
    expect(informalForms('submit', 'Otsi')).toEqual([]);
    expect(informalForms('x', 'Teie tellimus on vormistatud. Palun proovige uuesti või valige teine makseviis.')).toEqual([]);
    expect(informalForms('x', 'Suur tee ja kaks korda')).toEqual([]);
    expect(informalForms('x', 'Valige "Maksa" või „Katkesta“. Kasutajad → Määra uus parool.')).toEqual([]);
  });

  it('finds Estonian strings in source: et values and et text groups', () => {
    const src = "const M = { 'a.b': { et: 'Palun logi sisse.', en: 'x' } };\nconst T = { et: { button: 'Jätka', lead: `Suuname ${name} sind.`, f: (n: number) => `Tere ${n}` }, en: {} };";
    expect(estonianStringsOf(src, 'x.ts').map((t) => [t.key, t.text])).toEqual([
      ['et', 'Palun logi sisse.'],
      ['button', 'Jätka'],
      ['lead', 'Suuname X sind.'],
      ['f', 'Tere X'],
    ]);
  });

  it('web bundles (web/src/locales/et) have no informal forms', () => {
    const texts = webTexts();
    expect(texts.length).toBeGreaterThan(300);
    expect(report(texts)).toEqual([]);
  });

  it('server messages, mails, the order PDF and the payment pages have no informal forms', () => {
    const texts = serverTexts();
    expect(texts.some((t) => t.where === 'api/plugins/messages.ts')).toBe(true);
    expect(texts.some((t) => t.where === 'workers/order-mail/order-confirmation.ts')).toBe(true);
    expect(texts.some((t) => t.where === 'domain/order/order-document.ts')).toBe(true);
    expect(report(texts)).toEqual([]);
  });

  it('seeded content pages have no informal forms', () => {
    expect(report(pageTexts())).toEqual([]);
  });
});
