/**
 * Text search of the listing index (listing-index.ts; spec 2 "Search results page", spec 3 "Product list response":
 * `leftOutSearchKeywords`). Per product slot it holds the postings of its words (names in both languages, search
 * aliases and part numbers, lower case), the words sorted for prefix ranges, a deletion dictionary of name words for
 * one typo (SymSpell, edit distance 1), the normalised part numbers, and their trigrams for "part number contains";
 * and per word of the categories' search keywords the categories that hold it.
 *
 * Matching (the SQL listing's rules, queries.ts): part numbers however typed; name words by prefix; one typo in words
 * of 5+ letters; a category keyword finds its subtree's products; a word that matches no listed product is left out
 * (unless a part number matched). `plan` returns the matches and what ranks them.
 */
import { has, pushTo, removeFrom, type ScratchBits, set } from './listing-bitset.js';
import type { SlotColumns } from './listing-index-types.js';
import type { CategoryDoc } from './projection.js';
import { dictionaryWords, normalizeCode, words } from './search-text.js';

/** What a search matched and what ranks its matches. */
export interface SearchPlan {
  /** The matching slots: a part-number match, or every kept term. */
  bits: Uint32Array;
  /** The query as a normalised part number. */
  code: string;
  /** Slots with exactly that part number. */
  codeExact: Set<number>;
  /** Slots with a part number starting with it; null when not computed (the code is too short for trigrams). */
  codePrefix: Set<number> | null;
  /** The terms kept (each matched a listed product), at most 12. */
  terms: string[];
  /** Per kept term, its whole-word matches (null: none). */
  exactTerms: (Uint32Array | null)[];
  /** Terms left out (empty when a part number matched). */
  leftOut: string[];
}

/** The search structures of the product slots. */
export class SearchIndex {
  private readonly postings = new Map<string, number[]>();
  /**
   * Words' posting lists as bitsets, made on first use for a posting of at least as many slots as a bitset has words
   * (never more memory than the list), dropped when the posting changes: a short prefix ('fil') takes its common words
   * by ORing words instead of setting their slots one by one.
   */
  private readonly postingBits = new Map<string, Uint32Array>();
  private sortedTokens: string[] = [];
  /**
   * The posting list of each word of `sortedTokens`, at the same index: the very arrays of `postings` (changed in
   * place; a new word re-sorts both), so a prefix range reads its lists without a Map lookup per word.
   */
  private sortedPostings: number[][] = [];
  private tokensDirty = false;
  /**
   * A prefix's matches (every word of its range) as a bitset, made on first use for a range of 2+ words whose lists
   * hold at least as many slots as a bitset has words (never more memory than those lists), at most
   * MAX_PREFIX_BITSETS of them; dropped when a word of the range changes or a word enters it (`update`). A short
   * prefix ('1', 'fil') then costs one OR instead of a lookup and a set per word of its range.
   */
  private readonly prefixBits = new Map<string, Uint32Array>();
  /** Per slot, its normalised part numbers without duplicates, and as given (space-separated). */
  private readonly codes: string[][] = [];
  private readonly codeText: string[] = [];
  private readonly codePostings = new Map<string, number[]>();
  private readonly trigramPostings = new Map<number | string, number[]>();
  private readonly dictionary = new Set<string>();
  private readonly deletions = new Map<string, string[]>();
  /**
   * Words of the categories' search keywords (both languages) to the categories that hold them: a search term
   * matching one finds the products of those categories' subtrees.
   */
  private keywordCategories = new Map<string, string[]>();

  /** `cols`: the shared columns (the names and aliases searched). */
  constructor(private readonly cols: SlotColumns) {}

  /** A new slot with no part numbers. */
  addSlot(slot: number): void {
    this.codes[slot] = [];
    this.codeText[slot] = '';
  }

  /** Whether `codeText` differs from the slot's part numbers. */
  codesDiffer(slot: number, codeText: string): boolean {
    return this.codeText[slot] !== codeText;
  }

  /**
   * The searchable words of a slot: words of both names, the search aliases and the part numbers, lower case,
   * without duplicates. Read before a change, to be passed to `update` after it.
   */
  tokensOf(slot: number): string[] {
    const out = new Set(words(`${this.cols.nameEt[slot]} ${this.cols.nameEn[slot]} ${this.cols.aliasText[slot] ?? ''}`));
    for (const c of this.codes[slot]) out.add(c.toLowerCase());
    return [...out];
  }

  /**
   * Re-indexes a slot whose names (already in the columns) or part numbers changed: `oldTokens` are its words before
   * the change, `codeText` its normalised part numbers now (space-separated).
   */
  update(slot: number, oldTokens: string[], namesChanged: boolean, codesChanged: boolean, codeText: string): void {
    if (codesChanged) this.indexCodes(slot, codeText);
    if (namesChanged || codesChanged) {
      for (const t of oldTokens) {
        removeFrom(this.postings.get(t), slot);
        this.postingBits.delete(t);
        this.dropPrefixBits(t);
      }
      for (const t of this.tokensOf(slot)) {
        this.postingBits.delete(t);
        this.dropPrefixBits(t);
        const list = this.postings.get(t);
        if (list) list.push(slot);
        else {
          this.postings.set(t, [slot]);
          this.tokensDirty = true;
        }
      }
    }
    if (namesChanged) for (const w of dictionaryWords(`${this.cols.nameEt[slot]} ${this.cols.nameEn[slot]} ${this.cols.aliasText[slot] ?? ''}`)) this.addDictionaryWord(w);
  }

  /** Sorts the words for prefix ranges (after a build; a search re-sorts when new words came). */
  sortTokens(): void {
    this.sortedTokens = [...this.postings.keys()].sort();
    this.sortedPostings = this.sortedTokens.map((t) => this.postings.get(t)!);
    this.tokensDirty = false;
  }

  /** Forgets the kept prefix bitsets whose range holds `token` (every prefix of it). */
  private dropPrefixBits(token: string): void {
    if (this.prefixBits.size === 0) return;
    for (let k = 1; k <= token.length; k++) this.prefixBits.delete(token.slice(0, k));
  }

  /** Takes the search keywords of the categories (deleted ones have none). */
  setCategoryKeywords(docs: CategoryDoc[]): void {
    this.keywordCategories = new Map();
    for (const doc of docs) {
      if (doc.deleted) continue;
      for (const word of new Set(words(`${doc.keywords_et} ${doc.keywords_en}`))) {
        const ids = this.keywordCategories.get(word);
        if (ids) ids.push(doc.id);
        else this.keywordCategories.set(word, [doc.id]);
      }
    }
  }

  /** Whether the slot has a part number starting with `code` (normalised). */
  codeStarts(slot: number, code: string): boolean {
    const text = this.codeText[slot];
    return text.startsWith(code) || text.includes(` ${code}`);
  }

  /**
   * The search's matching products and what ranks them. `listed`: the listed slots (a term is kept when it matches
   * one); `subtreeBits`: each category's subtree (keyword matches); `scratch`: this query's bitsets.
   */
  plan(q: string, listed: Uint32Array, subtreeBits: Map<string, Uint32Array>, scratch: ScratchBits): SearchPlan {
    if (this.tokensDirty) this.sortTokens();
    const code = normalizeCode(q);
    const terms = words(q).slice(0, 12);
    const bits = scratch.take();
    const codeExact = new Set<number>(code.length >= 2 ? (this.codePostings.get(code) ?? []) : []);
    let codeMatches = false;
    for (const s of codeExact) {
      set(bits, s);
      if (has(listed, s)) codeMatches = true;
    }
    const codePrefix = code.length >= 3 ? new Set<number>() : null;
    if (code.length >= 3) {
      // Part number contains the code: candidates from the code's rarest trigram, checked in full.
      let rarest: number[] | undefined;
      for (const key of trigramKeys(code)) {
        const list = this.trigramPostings.get(key);
        if (!list) {
          rarest = [];
          break;
        }
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      // The slot's part numbers as one space-separated text: the code (letters and digits, no space) is in one of
      // them exactly when it is in the text, and starts one when it starts the text or follows a space.
      for (const s of rarest ?? []) {
        const text = this.codeText[s];
        if (!text.includes(code)) continue;
        set(bits, s);
        if (has(listed, s)) codeMatches = true;
        if (text.startsWith(code) || text.includes(` ${code}`)) codePrefix!.add(s);
      }
    }
    const kept: string[] = [];
    const keptBits: Uint32Array[] = [];
    const exactTerms: (Uint32Array | null)[] = [];
    const leftOut: string[] = [];
    for (const term of terms) {
      const termBits = scratch.take();
      // Every word starting with the term (a prefix match, as `term:*`).
      this.addPrefix(term, termBits);
      // One typo in a word of 5+ letters: dictionary words at Levenshtein distance 1.
      if (term.length >= 5 && !/^\d+$/.test(term)) {
        for (const word of this.typoNeighbours(term)) this.addPosting(word, termBits);
      }
      // Category search keywords (staff-given): the products of the categories that hold the word.
      const keywordExact = this.keywordCategories.size ? scratch.take() : null;
      const byKeyword = keywordExact ? this.addKeywordMatches(term, termBits, keywordExact, subtreeBits) : false;
      let found = false;
      for (let w = 0; w < termBits.length && !found; w++) if ((termBits[w] & listed[w]) !== 0) found = true;
      if (found) {
        kept.push(term);
        keptBits.push(termBits);
        const exact = this.postings.get(term);
        if (exact || byKeyword) {
          const e = keywordExact ?? scratch.take();
          if (exact) this.addPosting(term, e);
          exactTerms.push(e);
        } else exactTerms.push(null);
      } else leftOut.push(term);
    }
    if (keptBits.length) {
      const all = keptBits[0];
      for (let k = 1; k < keptBits.length; k++) for (let w = 0; w < all.length; w++) all[w] &= keptBits[k][w];
      for (let w = 0; w < bits.length; w++) bits[w] |= all[w];
    }
    return { bits, code, codeExact, codePrefix, terms: kept, exactTerms, leftOut: codeMatches ? [] : leftOut };
  }

  /**
   * Adds to `bits` the slots of every word starting with `term`: the range of `sortedTokens` from `term` up to
   * `term` + U+FFFF (no word holds that character: words are letters and digits), through the prefix's kept bitset
   * when it has one or may keep one (`prefixBits`).
   */
  private addPrefix(term: string, bits: Uint32Array): void {
    const kept = this.prefixBits.get(term);
    if (kept && kept.length === bits.length) {
      for (let w = 0; w < bits.length; w++) bits[w] |= kept[w];
      return;
    }
    const from = lowerBound(this.sortedTokens, term);
    const to = lowerBound(this.sortedTokens, `${term}\uffff`);
    const lists = this.sortedPostings;
    let size = 0;
    for (let i = from; i < to; i++) size += lists[i].length;
    if (to - from >= 2 && size >= bits.length && this.prefixBits.size < MAX_PREFIX_BITSETS) {
      const own = new Uint32Array(bits.length);
      for (let i = from; i < to; i++) for (const s of lists[i]) set(own, s);
      this.prefixBits.set(term, own);
      for (let w = 0; w < bits.length; w++) bits[w] |= own[w];
      return;
    }
    for (let i = from; i < to; i++) this.addPosting(this.sortedTokens[i], bits, lists[i]);
  }

  /**
   * Adds the slots of word `token`'s posting to `bits` (through its kept bitset when the posting is big).
   * `posting`: its list when the caller has it.
   */
  private addPosting(token: string, bits: Uint32Array, posting = this.postings.get(token)): void {
    if (!posting) return;
    if (posting.length < bits.length) {
      for (const s of posting) set(bits, s);
      return;
    }
    let own = this.postingBits.get(token);
    if (!own || own.length !== bits.length) {
      own = new Uint32Array(bits.length);
      for (const s of posting) set(own, s);
      this.postingBits.set(token, own);
    }
    for (let w = 0; w < bits.length; w++) bits[w] |= own[w];
  }

  private indexCodes(slot: number, codeText: string): void {
    for (const c of this.codes[slot]) {
      removeFrom(this.codePostings.get(c), slot);
      for (const g of trigramKeys(c)) removeFrom(this.trigramPostings.get(g), slot);
    }
    this.codes[slot] = codeText ? [...new Set(codeText.split(' '))] : [];
    this.codeText[slot] = codeText;
    const grams = new Set<number | string>();
    for (const c of this.codes[slot]) {
      pushTo(this.codePostings, c, slot);
      for (const g of trigramKeys(c)) grams.add(g);
    }
    for (const g of grams) pushTo(this.trigramPostings, g, slot);
  }

  private addDictionaryWord(word: string): void {
    if (this.dictionary.has(word)) return;
    this.dictionary.add(word);
    for (const d of deletionsOf(word)) {
      const list = this.deletions.get(d);
      if (list) list.push(word);
      else this.deletions.set(d, [word]);
    }
  }

  /**
   * Adds to `termBits` the products of the categories whose search keywords hold `term` (a whole word, or a word it
   * starts when it has 3+ characters), and to `exactBits` those of whole-word matches.
   * @returns whether any keyword matched.
   */
  private addKeywordMatches(term: string, termBits: Uint32Array, exactBits: Uint32Array, subtreeBits: Map<string, Uint32Array>): boolean {
    let matched = false;
    for (const [word, ids] of this.keywordCategories) {
      const whole = word === term;
      if (!whole && !(term.length >= 3 && word.startsWith(term))) continue;
      matched = true;
      for (const id of ids) {
        const bits = subtreeBits.get(id);
        if (!bits) continue;
        for (let w = 0; w < termBits.length; w++) termBits[w] |= bits[w];
        if (whole) for (let w = 0; w < exactBits.length; w++) exactBits[w] |= bits[w];
      }
    }
    return matched;
  }

  /** Dictionary words (names, 3+ letters) one edit away from `word`, not the word itself (at most 20). */
  private typoNeighbours(word: string): string[] {
    const candidates = new Set<string>();
    for (const d of deletionsOf(word)) for (const w of this.deletions.get(d) ?? []) candidates.add(w);
    const out: string[] = [];
    for (const w of candidates) {
      if (w !== word && Math.abs(w.length - word.length) <= 1 && withinOneEdit(w, word)) out.push(w);
      if (out.length >= 20) break;
    }
    return out;
  }
}

/** Most prefix bitsets kept at once (`SearchIndex.prefixBits`): at 105,000 products about 13 MB. */
const MAX_PREFIX_BITSETS = 1024;

/** Index of the first entry of `sorted` not below `value`. */
function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keys of a code's three-character substrings: a small integer when the characters allow, else the substring. */
function trigramKeys(code: string): (number | string)[] {
  const out: (number | string)[] = [];
  for (let i = 0; i + 3 <= code.length; i++) {
    const a = code.charCodeAt(i);
    const b = code.charCodeAt(i + 1);
    const c = code.charCodeAt(i + 2);
    out.push((a | b | c) < 1024 ? (a << 20) | (b << 10) | c : code.slice(i, i + 3));
  }
  return out;
}

/** The word and every string made by deleting one of its characters (a SymSpell key set, edit distance 1). */
function deletionsOf(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>([word]);
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...out];
}

/** Levenshtein distance <= 1 (one insertion, deletion or substitution). */
function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (x.length > y.length) i++;
    else if (y.length > x.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (x.length - i) + (y.length - j) <= 1;
}
