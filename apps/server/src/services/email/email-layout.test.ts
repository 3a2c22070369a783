import { describe, expect, it } from 'vitest';
import { oneLine, renderEmail } from './email-layout.ts';

describe('email layout', () => {
  it('says the same in text and HTML, with every value escaped in the HTML', () => {
    const email = renderEmail({
      subject: 'Hello\r\nBcc: someone@example.org',
      heading: 'A <b>heading</b>',
      paragraphs: ['Tom & "Jerry" <script>alert(1)</script>'],
      facts: [['Where', 'https://example.org/?a=1&b=<2>']],
      lists: [{ title: 'Why', items: ["it's <changed>"] }],
      links: [{ label: 'Report', url: 'https://gateway.example/v/urn:c2pa:1?x="y"' }],
      footer: 'Preferences',
    });
    expect(email.subject).toBe('Hello Bcc: someone@example.org');
    expect(email.text).toContain('Tom & "Jerry" <script>alert(1)</script>');
    expect(email.text).toContain('Where: https://example.org/?a=1&b=<2>');
    expect(email.text).toContain("  - it's <changed>");
    expect(email.text).toContain('Report: https://gateway.example/v/urn:c2pa:1?x="y"');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('<h1 style="font-size: 20px">A &lt;b&gt;heading&lt;/b&gt;</h1>');
    expect(email.html).toContain('<a href="https://gateway.example/v/urn:c2pa:1?x=&quot;y&quot;">Report</a>');
  });

  it('keeps header values on one line and short', () => {
    expect(oneLine('a\u0000b\tc\n\nd')).toBe('a b c d');
    expect(oneLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
