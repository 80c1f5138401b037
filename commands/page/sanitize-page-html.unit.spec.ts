/** The rich-text allow-list (conventions 14): what stays and what is removed before anything is stored. */
import { describe, expect, it } from 'vitest';
import { sanitizeContainers, sanitizeLocalizedHtml, sanitizeRichText } from './sanitize-page-html.js';

describe('sanitizeRichText', () => {
  it('keeps headings, paragraphs, lists, tables and safe links', () => {
    const html = '<h1>A</h1><h3>B</h3><p>C <strong>D</strong></p><ul><li>E</li></ul><ol><li>F</li></ol><table><thead><tr><th scope="col">G</th></tr></thead><tbody><tr><td colspan="2">H</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<a href="https://omniva.ee">x</a><a href="mailto:info@balticparts.ee">m</a><a href="tel:+3725123">t</a>')).toBe(
      '<a href="https://omniva.ee" rel="noopener noreferrer">x</a><a href="mailto:info@balticparts.ee" rel="noopener noreferrer">m</a><a href="tel:+3725123" rel="noopener noreferrer">t</a>',
    );
  });

  it('removes <script>, event handlers, javascript: links and CSS expressions', () => {
    expect(sanitizeRichText('<p>a</p><script>steal()</script>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<p onclick="steal()" onerror="steal()">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<p style="width: expression(alert(1)); background:url(javascript:alert(1))">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<style>p{}</style><iframe src="https://x"></iframe><p>a</p>')).toBe('<p>a</p>');
  });

  it("keeps images from the shop's own files only", () => {
    expect(sanitizeRichText('<img src="/files/7d1c2f0a-5b6e-4c3d-8a9b-0c1d2e3f4a5b/640.webp" alt="Ketas" onerror="steal()">')).toBe('<img src="/files/7d1c2f0a-5b6e-4c3d-8a9b-0c1d2e3f4a5b/640.webp" alt="Ketas" />');
    expect(sanitizeRichText('<p><img src="https://evil.example/x.png">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<img src="//evil.example/x.png"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeRichText('<img src="/files/../admin/x">')).toBe('');
  });
});

describe('sanitizeLocalizedHtml and sanitizeContainers', () => {
  it('sanitise every language and every item, leaving non-text for the decider to refuse', () => {
    expect(sanitizeLocalizedHtml({ et: '<p>a</p><script>x</script>', en: '<b onclick="x">b</b>' })).toEqual({ et: '<p>a</p>', en: '<b>b</b>' });
    expect(sanitizeContainers({ side: [{ id: 'a', html: { et: '<p onerror="x">k</p>' } }] })).toEqual({ side: [{ id: 'a', html: { et: '<p>k</p>' } }] });
    expect(sanitizeLocalizedHtml({ et: 3 as unknown as string })).toEqual({ et: 3 });
  });
});
