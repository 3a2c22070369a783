// One layout for every email the gateway writes: a heading, paragraphs, a table of facts and links,
// rendered as plain text and as HTML from the same parts, so the two never say different things.
// Every value is escaped in the HTML; text from users is collapsed to one line where it is a header.

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value pairs (what, where, when). */
  facts?: Array<[string, string]>;
  /** A list under its own title (reasons, top assets). */
  lists?: Array<{ title: string; items: string[] }>;
  links?: Array<{ label: string; url: string }>;
  /** Why the reader gets this email and how to stop it. */
  footer?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

/** A value that goes in a header (Subject): no line breaks or control characters, at most `max` characters. */
export function oneLine(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.facts?.length ? [...content.facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.lists ?? []).flatMap((list) => [list.title, ...list.items.map((item) => `  - ${item}`), '']),
    ...(content.links ?? []).map((link) => `${link.label}: ${link.url}`),
    ...(content.footer ? ['', '--', content.footer] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">',
    `<h1 style="font-size: 20px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    content.facts?.length
      ? `<table cellpadding="4">${content.facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`
      : '',
    ...(content.lists ?? []).map((list) => `<h2 style="font-size: 16px">${escapeHtml(list.title)}</h2><ul>${list.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`),
    ...(content.links ?? []).map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    content.footer ? `<hr><p style="font-size: 12px; color: #555">${escapeHtml(content.footer)}</p>` : '',
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(content.subject), text, html };
}
