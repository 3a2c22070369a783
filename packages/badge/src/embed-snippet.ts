// The copy-paste HTML a publisher adds to a page to show the badge over a signed asset: the script
// once per page, and the element wrapping the image or video. Pure, so the dashboard can show it.

export interface EmbedSnippetInput {
  /** Origin of this gateway, e.g. https://gateway.example (no trailing slash needed). */
  origin: string;
  manifestId: string;
  /** Where the publisher serves the signed asset. */
  assetUrl: string;
  /** The asset's MIME type; video/* gets a <video> element, anything else an <img>. */
  mime?: string;
  /** Alternative text of the image. */
  alt?: string;
}

export const SCRIPT_PATH = '/embed/content-credentials.js';

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function scriptUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${SCRIPT_PATH}`;
}

export function embedSnippet({ origin, manifestId, assetUrl, mime, alt = '' }: EmbedSnippetInput): string {
  const media = mime?.startsWith('video/')
    ? `  <video src="${attr(assetUrl)}" controls playsinline></video>`
    : `  <img src="${attr(assetUrl)}" alt="${attr(alt)}">`;
  return [
    `<script src="${attr(scriptUrl(origin))}" async></script>`,
    `<content-credentials manifest-id="${attr(manifestId)}">`,
    media,
    `</content-credentials>`,
  ].join('\n');
}
