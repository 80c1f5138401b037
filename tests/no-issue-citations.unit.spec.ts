/**
 * Code speaks of rules, not of work items (conventions 15): no tracked source or doc file cites an issue number
 * (the word, an optional space or '#', then digits, in any case) or quotes an issue's text as its source; a comment cites the spec's section, the rule or the
 * reason instead, since a newcomer has no tracker open. Checked over the repository's files (a walk of the tree, so it
 * needs no git: a bare machine may have none), outside what .gitignore leaves out (node_modules, build output, .data,
 * var, .tmp, logs), .git, and the raw data files under data/ (catalog CSV, dictionary, delivery location JSON), whose
 * text comes from suppliers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * "issue", optional space or '#', then a number; or a work item's own words quoted as a source (the word followed
 * by " text" or by "'s words"), in any case (built from parts so this file does not match).
 */
const ISSUE_CITATION = new RegExp(['iss', 'ue', String.raw`(?:[ \t]*#?\d| text\b|'s words)`].join(''), 'i');

/** Folders never read: git's own, dependencies, build output and local state (as .gitignore says). */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'dist-server', '.data', '.tmp', 'var']);

/** The files the rule covers: repository-relative paths, found by walking the tree. */
function coveredFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (entry.isFile() && !entry.name.endsWith('.log')) {
        files.push(rel);
      }
    }
  };
  walk('');
  return files.filter((f) => !(f.startsWith('data/') && !/\.(ts|md)$/.test(f)));
}

/** `file:line: text` of every line citing an issue number; binary files (a NUL byte) are skipped. */
function citations(files: string[]): string[] {
  const found: string[] = [];
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, f), 'utf8');
    } catch {
      continue; // removed while the walk ran
    }
    if (text.includes('\0')) continue;
    text.split('\n').forEach((line, i) => {
      if (ISSUE_CITATION.test(line)) found.push(`${f}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

describe('no issue numbers in source or docs', () => {
  it('the pattern catches the citation forms and leaves ordinary words alone', () => {
    const cite = (s: string) => ISSUE_CITATION.test(s);
    // The word is split so that this file does not cite anything itself.
    const word = (w: string) => w.replace('@', 'ssue');
    for (const s of ['(i@ 12)', 'I@ 9 §5:', 'i@12 = new Set()', 'see i@ #14', '(i@ text "Reorder")', "in the i@'s words"].map(word).concat(word('i@ 4').toUpperCase())) expect(cite(s), s).toBe(true);
    for (const s of ['issues the invoice', 'tissue', 'the issue date', 'spec 5, Quantity and stock', 'issue texts to the printer']) expect(cite(s), s).toBe(false);
  });

  it('holds for every file of the repository', () => {
    const files = coveredFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('README.md');
    expect(citations(files)).toEqual([]);
  }, 60_000);
});
