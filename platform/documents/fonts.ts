/**
 * Fonts for the order PDF. Estonian names and addresses need õ, ä, ö, ü, š, ž; Latvian and Lithuanian clients
 * bring ā, ē, ė, ī, ķ, ļ, ņ, ū, č, ę, į, ų. The PDF embeds DejaVu Sans (Debian package `fonts-dejavu-core`,
 * /usr/share/fonts/truetype/dejavu), which has all of them.
 *
 * When no DejaVu font is installed, `ensureDocumentFonts` installs `fonts-dejavu-core` through the same serialised
 * apt-get as PostgreSQL and Redis (platform/services/ensure-services.ts `aptInstall`: root only, time-limited). When that is not
 * possible the PDF falls back to pdfkit's built-in Helvetica: its WinAnsi encoding covers õ ä ö ü š ž (Estonian
 * renders correctly), and letters outside WinAnsi are transliterated (ā -> a, ķ -> k) by `toWinAnsi`.
 */
import { accessSync, constants as fsConstants } from 'node:fs';
import { aptInstall } from '../services/ensure-services.js';

/** Paths of the regular and bold TrueType fonts the PDF embeds. */
export interface DocumentFonts {
  regular: string;
  bold: string;
}

/** Where Debian (fonts-dejavu-core) and other distributions put DejaVu Sans. DOCUMENT_FONT_DIR is tried first. */
function candidateDirs(): string[] {
  const fromEnv = process.env.DOCUMENT_FONT_DIR?.trim();
  return [
    ...(fromEnv ? [fromEnv] : []),
    '/usr/share/fonts/truetype/dejavu',
    '/usr/share/fonts/dejavu',
    '/usr/share/fonts/TTF',
    '/usr/local/share/fonts/dejavu',
  ];
}

function readable(file: string): boolean {
  try {
    accessSync(file, fsConstants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** @returns the installed DejaVu Sans regular and bold fonts, or null when none is installed. */
export function findDocumentFonts(): DocumentFonts | null {
  for (const dir of candidateDirs()) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (readable(regular)) return { regular, bold: readable(bold) ? bold : regular };
  }
  return null;
}

/**
 * Makes sure the PDF can embed a font with the Baltic letters: returns the installed DejaVu Sans, else installs
 * Debian's `fonts-dejavu-core` (`aptInstall`: as root, `apt-get update` only when the lists need it), else reports the
 * Helvetica fallback. Never throws: a missing font degrades the PDF, it does not stop the shop.
 * @returns the fonts, or null when the PDF will use Helvetica with transliteration.
 */
export async function ensureDocumentFonts(log: (line: string) => void): Promise<DocumentFonts | null> {
  const found = findDocumentFonts();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    log('[setup] no DejaVu font for order PDFs and not root: PDFs use Helvetica (letters outside Windows-1252 are transliterated); install fonts-dejavu-core to fix');
    return null;
  }
  try {
    log('[setup] installing fonts-dejavu-core for the order PDFs ...');
    // One apt-get at a time, `apt-get update` only when the lists need it (platform/services/ensure-services.ts).
    await aptInstall(['fonts-dejavu-core'], log);
  } catch (error) {
    log(`[setup] could not install fonts-dejavu-core (${(error as Error).message}); order PDFs use Helvetica with transliteration`);
    return null;
  }
  return findDocumentFonts();
}

/** Characters Windows-1252 (pdfkit's WinAnsi encoding of the standard fonts) has above Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text for pdfkit's built-in fonts: characters outside Windows-1252 lose their diacritics (ā -> a, ķ -> k,
 * Ł -> L) or become "?". Estonian õ ä ö ü š ž are kept.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x100 || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (base.length > 0 && [...base].every((c) => c.codePointAt(0)! < 0x100)) out += base;
    else out += ({ Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' } as Record<string, string>)[ch] ?? '?';
  }
  return out;
}
