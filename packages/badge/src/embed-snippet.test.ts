import { describe, expect, it } from 'vitest';
import { embedSnippet, scriptUrl } from './embed-snippet.ts';

describe('embedSnippet', () => {
  it('gives the script once and the element around an image', () => {
    expect(embedSnippet({ origin: 'https://gateway.example/', manifestId: 'urn:c2pa:1234', assetUrl: 'https://cdn.example/a.jpg', alt: 'Harbour fire' })).toBe(
      [
        '<script src="https://gateway.example/embed/content-credentials.js" async></script>',
        '<content-credentials manifest-id="urn:c2pa:1234">',
        '  <img src="https://cdn.example/a.jpg" alt="Harbour fire">',
        '</content-credentials>',
      ].join('\n'),
    );
  });

  it('uses a video element for video', () => {
    expect(embedSnippet({ origin: 'https://g.example', manifestId: 'm', assetUrl: 'https://cdn.example/v.mp4', mime: 'video/mp4' })).toContain(
      '<video src="https://cdn.example/v.mp4" controls playsinline></video>',
    );
  });

  it('escapes attribute values so a hostile title or URL cannot break out', () => {
    const snippet = embedSnippet({ origin: 'https://g.example', manifestId: 'x"><script>alert(1)</script>', assetUrl: 'https://cdn.example/a.jpg?a=1&b="2"', alt: '<b>' });
    expect(snippet).not.toContain('<script>alert');
    expect(snippet).toContain('manifest-id="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(snippet).toContain('src="https://cdn.example/a.jpg?a=1&amp;b=&quot;2&quot;"');
    expect(scriptUrl('https://g.example//')).toBe('https://g.example/embed/content-credentials.js');
  });
});
