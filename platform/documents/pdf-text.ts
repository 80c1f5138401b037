/**
 * Reads the text back out of a PDF that pdfkit wrote, for tests of the order documents (no PDF library is
 * installed and poppler's pdftotext may be missing). It understands exactly what pdfkit produces: objects
 * `N 0 obj ... endobj`, Flate-compressed or plain streams, embedded Type0 (Identity-H) fonts with a ToUnicode CMap
 * (`bfrange` arrays and `bfchar`), standard fonts in WinAnsi, and `Tf`, `Tj`, `TJ` text operators.
 *
 * Each `Tj`/`TJ` becomes one line of the result, so a PDF line of one font comes out as one line of text.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function parseObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2];
    const streamAt = body.indexOf('stream');
    if (streamAt >= 0 && body.slice(0, streamAt).includes('>>')) {
      const dict = body.slice(0, streamAt);
      let start = streamAt + 'stream'.length;
      if (body[start] === '\r') start++;
      if (body[start] === '\n') start++;
      const end = body.lastIndexOf('endstream');
      let data = Buffer.from(body.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
      if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
      objects.set(Number(m[1]), { dict, stream: data });
    } else {
      objects.set(Number(m[1]), { dict: body, stream: null });
    }
  }
  return objects;
}

/** Parses a ToUnicode CMap: glyph code -> text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexToText = (spaced: string) => {
    const hex = spaced.replace(/\s+/g, '');
    let s = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return s;
  };
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(m[1], 16);
      const to = parseInt(m[2], 16);
      if (m[3].startsWith('[')) {
        const values = [...m[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].map((v) => hexToText(v[1]));
        for (let code = from; code <= to; code++) map.set(code, values[code - from] ?? '');
      } else {
        const base = hexToText(m[3].slice(1, -1));
        const last = base.charCodeAt(base.length - 1);
        for (let code = from; code <= to; code++) map.set(code, base.slice(0, -1) + String.fromCharCode(last + code - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1], 16), hexToText(m[2]));
  }
  return map;
}

/** Windows-1252 0x80..0x9f (Node's TextDecoder treats the label as Latin-1 there). */
const CP1252_HIGH = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
const winAnsi = {
  decode: (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join(''),
};

/**
 * @param pdf the bytes of a PDF written by pdfkit
 * @returns its text, one line per text-showing operator, in content order (pages in file order)
 * @throws Error from zlib when a Flate stream is corrupt
 */
export function extractPdfText(pdf: Buffer): string {
  const objects = parseObjects(pdf);
  // Font resource name (F1, F2, ...) -> decoder of a hex string.
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
      const font = objects.get(Number(m[2]));
      if (!font || !/\/Type\s*\/Font/.test(font.dict)) continue;
      const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict);
      if (/\/Subtype\s*\/Type0/.test(font.dict) && toUnicode) {
        const cmap = parseCMap(objects.get(Number(toUnicode[1]))?.stream?.toString('latin1') ?? '');
        decoders.set(m[1], (hex) => {
          let s = '';
          for (let i = 0; i + 4 <= hex.length; i += 4) s += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
          return s;
        });
      } else {
        decoders.set(m[1], (hex) => winAnsi.decode(Buffer.from(hex, 'hex')));
      }
    }
  }
  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/(Subtype|Type)\s*\/(XObject|FontFile|Image|Metadata)/.test(dict) || /\/Length1/.test(dict)) continue;
    const content = stream.toString('latin1');
    if (!/T[jJ]/.test(content) || content.includes('begincmap')) continue;
    let decode: (hex: string) => string = (hex) => winAnsi.decode(Buffer.from(hex, 'hex'));
    for (const m of content.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1]) decode = decoders.get(m[1]) ?? decode;
      else if (m[2] !== undefined) lines.push([...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1])).join(''));
      else if (m[3] !== undefined) lines.push(decode(m[3]));
    }
  }
  return lines.join('\n');
}
