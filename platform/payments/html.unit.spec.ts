import { describe, expect, it } from 'vitest';
import { escapeHtml, renderAutoPostForm } from './html.js';

describe('renderAutoPostForm', () => {
  const start = { kind: 'form' as const, action: 'https://bank.example/pay?a=1&b=2', fields: { VK_MSG: 'Tellimus "1042" <b>&</b>', VK_STAMP: '1042' } };

  it('posts every field, escaped, to the action and submits itself', () => {
    const html = renderAutoPostForm(start, 'et');
    expect(html).toContain('<html lang="et">');
    expect(html).toContain('action="https://bank.example/pay?a=1&amp;b=2"');
    expect(html).toContain('method="post"');
    expect(html).toContain('<input type="hidden" name="VK_MSG" value="Tellimus &quot;1042&quot; &lt;b&gt;&amp;&lt;/b&gt;">');
    expect(html).toContain('<input type="hidden" name="VK_STAMP" value="1042">');
    expect(html).toMatch(/<script>document\.getElementById\('payment-redirect'\)\.submit\(\);<\/script>/);
    expect(html).not.toContain('<b>&</b>');
  });

  it('offers a button in the shopper language when scripts do not run', () => {
    expect(renderAutoPostForm(start, 'et')).toMatch(/<noscript><button type="submit">Jätka<\/button><\/noscript>/);
    const en = renderAutoPostForm(start, 'en');
    expect(en).toContain('<html lang="en">');
    expect(en).toMatch(/<noscript><button type="submit">Continue<\/button><\/noscript>/);
  });

  it('puts a CSP nonce on the script when given', () => {
    expect(renderAutoPostForm(start, 'en', { nonce: 'r4nd"om' })).toContain('<script nonce="r4nd&quot;om">');
  });

  it('escapes attribute and text metacharacters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
