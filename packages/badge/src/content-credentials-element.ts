// <content-credentials>: wraps an <img> or <video>, asks the gateway to verify it (by the media's
// URL), or, given a manifest ID, checks that the media carries or is the file signed with that
// manifest (hashed here when the page may read it, else by the gateway from its URL): the verdict is
// shown only for media that matches, otherwise `mismatch` or `unchecked`. It overlays the 'CR' pin in
// a corner and, on click or Enter/Space, opens a popover with the verdict, signer, date, AI
// disclosure, the signed picture's thumbnail and a link to the full report. Everything lives in its
// own shadow root; text from the network is only ever set with textContent. The constructor touches
// neither the element's attributes nor its children (a parser-made element must not), so a script
// included synchronously before the element works as an async one does.
import { BADGE_CSS } from './badge-styles.ts';
import { track, verifyMedia, type BadgeVerdict, type VerifyTarget } from './gateway-api.ts';
import { hashMedia, imageSettled } from './media-hash.ts';
import { actorText, aiText, formatDate, MEDIA_CHECK_TITLE, pinLabel, signerText, trustListText, verdictSummary, verdictTitle, type MediaCheckState } from './verdict-text.ts';

type State = 'loading' | 'error' | MediaCheckState | BadgeVerdict['status'];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Only http(s) origins are accepted for the API, whatever an attribute says. */
export function httpOrigin(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

let counter = 0;

export class ContentCredentialsElement extends HTMLElement {
  /** The gateway the script was loaded from; set by the script's entry point. */
  static apiOrigin: string | null = null;
  static observedAttributes = ['manifest-id', 'src', 'api'];

  readonly #root: ShadowRoot;
  readonly #pin: HTMLButtonElement;
  readonly #popover: HTMLDivElement;
  readonly #title: HTMLHeadingElement;
  readonly #summary: HTMLParagraphElement;
  readonly #facts: HTMLDListElement;
  readonly #report: HTMLAnchorElement;
  readonly #signed: HTMLElement;
  readonly #signedImage: HTMLImageElement;
  #state: State = 'loading';
  #verdict: BadgeVerdict | null = null;
  #viewTracked = false;
  #observer: IntersectionObserver | null = null;
  #run = 0;
  #connected = false;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    const id = `cc-popover-${(counter += 1)}`;
    const style = el('style', {}, BADGE_CSS);
    this.#pin = el('button', { type: 'button', class: 'pin', part: 'pin', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-controls': id });
    this.#pin.append(el('span', { 'aria-hidden': 'true' }, 'CR'), el('span', { class: 'dot', 'aria-hidden': 'true' }));
    this.#popover = el('div', { class: 'popover', part: 'popover', id, role: 'dialog', 'aria-labelledby': `${id}-title`, tabindex: '-1', hidden: '' });
    const head = el('div', { class: 'head' });
    const titles = el('div', { class: 'titles' });
    this.#title = el('h2', { class: 'title', id: `${id}-title` });
    titles.append(el('p', { class: 'eyebrow' }, 'Content Credentials'), this.#title);
    const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
    head.append(el('span', { class: 'mark', 'aria-hidden': 'true' }, 'CR'), titles, close);
    this.#summary = el('p', { class: 'summary' });
    this.#facts = el('dl', { class: 'facts' });
    this.#report = el('a', { class: 'report', part: 'report-link', target: '_blank', rel: 'noopener noreferrer' }, 'View full report');
    // The picture signed with these credentials, to compare with the one on the page.
    this.#signed = el('figure', { class: 'signed', part: 'signed-picture', hidden: '' });
    this.#signedImage = el('img', { alt: 'The picture signed with these Content Credentials', width: '64', height: '64', referrerpolicy: 'no-referrer' });
    this.#signed.append(this.#signedImage, el('figcaption', {}, 'The picture signed with these Content Credentials'));
    this.#popover.append(head, this.#summary, this.#facts, this.#signed, this.#report);
    this.#root.append(style, el('slot'), this.#pin, this.#popover);

    this.#pin.addEventListener('click', () => (this.open ? this.close() : this.show()));
    close.addEventListener('click', () => this.close(true));
    this.#root.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key === 'Escape' && this.open) {
        event.stopPropagation();
        this.close(true);
      }
    });
    // Rendered once connected: an element the parser makes must gain no attribute in its constructor.
  }

  get open(): boolean {
    return !this.#popover.hidden;
  }

  /** The verdict on screen, or null while checking or after an error. */
  get verdict(): BadgeVerdict | null {
    return this.#verdict;
  }

  connectedCallback(): void {
    this.#connected = true;
    document.addEventListener('pointerdown', this.#onOutside, true);
    // Made by the parser (the script included synchronously before the element), the element is
    // connected before its <img> or <video> is parsed: it waits for the document's content.
    if (document.readyState === 'loading' && !this.#assetUrl()) {
      this.#render();
      document.addEventListener('DOMContentLoaded', () => void (this.#connected && this.#verify()), { once: true });
      return;
    }
    void this.#verify();
  }

  disconnectedCallback(): void {
    this.#connected = false;
    document.removeEventListener('pointerdown', this.#onOutside, true);
    this.#observer?.disconnect();
    this.#observer = null;
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (this.#connected && previous !== next) void this.#verify();
  }

  show(): void {
    if (this.open) return;
    this.#popover.hidden = false;
    this.#keepInViewport();
    this.#pin.setAttribute('aria-expanded', 'true');
    this.#popover.focus();
    const id = this.#assetId();
    if (id) track(this.#apiOrigin() ?? '', 'badge_click', id);
  }

  close(returnFocus = false): void {
    if (!this.open) return;
    this.#popover.hidden = true;
    this.#pin.setAttribute('aria-expanded', 'false');
    if (returnFocus) this.#pin.focus();
  }

  /** A popover anchored to a small image near the page's edge is slid back into view. */
  #keepInViewport(): void {
    this.#popover.style.transform = '';
    const box = this.#popover.getBoundingClientRect();
    const margin = 8;
    const viewport = document.documentElement.clientWidth || window.innerWidth;
    let shift = 0;
    if (box.left < margin) shift = margin - box.left;
    else if (box.right > viewport - margin) shift = Math.max(margin - box.left, viewport - margin - box.right);
    if (shift !== 0) this.#popover.style.transform = `translateX(${Math.round(shift)}px)`;
  }

  #onOutside = (event: Event): void => {
    if (this.open && !event.composedPath().includes(this)) this.close();
  };

  #apiOrigin(): string | null {
    return httpOrigin(this.getAttribute('api'), document.baseURI) ?? ContentCredentialsElement.apiOrigin;
  }

  #media(): HTMLImageElement | HTMLVideoElement | null {
    return this.querySelector('img, video');
  }

  /** The asset URL: the `src` attribute, else what the wrapped media element shows. */
  #assetUrl(): string | null {
    const explicit = this.getAttribute('src');
    const media = this.#media();
    const raw = explicit ?? (media ? media.currentSrc || media.getAttribute('src') : null);
    if (!raw) return null;
    try {
      const url = new URL(raw, document.baseURI);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }

  /**
   * What to ask the gateway: the media by URL, or, given a manifest ID, the media checked against it
   * (with its SHA-256 when this page may read an image's bytes).
   */
  async #target(assetUrl: string): Promise<VerifyTarget> {
    const manifestId = this.getAttribute('manifest-id')?.trim();
    if (!manifestId) return { assetUrl };
    const media = this.#media();
    // Hashed once the image is in the browser's cache; a video is left to the gateway.
    const assetSha256 = media instanceof HTMLImageElement ? await imageSettled(media).then(() => hashMedia(assetUrl)) : null;
    return assetSha256 ? { manifestId, assetUrl, assetSha256 } : { manifestId, assetUrl };
  }

  /** The ID analytics are counted against: the manifest (ours or the verified one). */
  #assetId(): string | null {
    return this.getAttribute('manifest-id')?.trim() || this.#verdict?.manifestId || null;
  }

  #reportUrl(api: string): string {
    const manifestId = this.getAttribute('manifest-id')?.trim();
    if (manifestId) return `${api}/v/${encodeURIComponent(manifestId)}`;
    const assetUrl = this.#assetUrl();
    return assetUrl ? `${api}/verify?url=${encodeURIComponent(assetUrl)}` : `${api}/verify`;
  }

  async #verify(): Promise<void> {
    const run = (this.#run += 1);
    const api = this.#apiOrigin();
    const assetUrl = this.#assetUrl();
    this.#verdict = null;
    this.#state = 'loading';
    this.#render();
    if (!api || !assetUrl) {
      this.#fail(!api ? 'This badge does not know which gateway to ask.' : 'There is no image or video to check.');
      return;
    }
    try {
      const target = await this.#target(assetUrl);
      if (run !== this.#run) return;
      const verdict = await verifyMedia(api, target);
      if (run !== this.#run) return;
      this.#verdict = verdict;
      // Given a manifest ID, its verdict is shown only for media that carries it or is its signed file.
      const check = 'manifestId' in target ? (verdict.mediaCheck?.result ?? 'unchecked') : 'matches';
      this.#state = check === 'matches' ? verdict.status : check;
      this.#render();
      this.#watchView();
      this.dispatchEvent(new CustomEvent('content-credentials:verdict', { detail: { status: this.#state, manifestId: verdict.manifestId } }));
    } catch (error) {
      if (run === this.#run) this.#fail(error instanceof Error ? error.message : 'The gateway could not be reached.');
    }
  }

  #fail(message: string): void {
    this.#state = 'error';
    this.#render(message);
  }

  /** badge_view once, when the pin is first on screen. */
  #watchView(): void {
    if (this.#viewTracked) return;
    const report = (): void => {
      const id = this.#assetId();
      if (this.#viewTracked || !id) return;
      this.#viewTracked = true;
      track(this.#apiOrigin() ?? '', 'badge_view', id);
      this.#observer?.disconnect();
    };
    if (typeof IntersectionObserver === 'undefined') {
      report();
      return;
    }
    this.#observer?.disconnect();
    this.#observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) report();
    });
    this.#observer.observe(this);
  }

  #render(errorMessage?: string): void {
    const state = this.#state;
    const verdict = this.#verdict;
    this.#pin.dataset['state'] = state;
    this.#popover.dataset['state'] = state;
    this.#pin.setAttribute('aria-label', pinLabel(state));
    this.#pin.disabled = state === 'loading';
    this.setAttribute('data-status', state);

    this.#facts.replaceChildren();
    const thumbnail = verdict?.mediaCheck?.thumbnailUrl ?? null;
    this.#signed.hidden = !thumbnail;
    if (thumbnail && this.#signedImage.getAttribute('src') !== thumbnail) this.#signedImage.src = thumbnail;
    const api = this.#apiOrigin();
    if (api) this.#report.href = this.#reportUrl(api);
    this.#report.hidden = !api;
    if (state === 'loading') {
      this.#title.textContent = 'Checking...';
      this.#summary.textContent = '';
      return;
    }
    if (state === 'error' || !verdict) {
      this.#title.textContent = 'Could not check';
      this.#summary.textContent = errorMessage ?? 'The Content Credentials of this content could not be checked.';
      return;
    }
    if (state === 'mismatch' || state === 'unchecked') {
      // Not this picture's verdict: the signer is said only as whose credentials they are.
      this.#title.textContent = MEDIA_CHECK_TITLE[state];
      this.#summary.textContent = verdict.mediaCheck?.message || (state === 'unchecked' ? 'The gateway did not check this picture.' : '');
      if (verdict.signer) this.#facts.append(el('dt', {}, 'Credentials of'), el('dd', {}, verdict.signer));
      return;
    }
    this.#title.textContent = verdictTitle(verdict.status, verdict.trustTier);
    this.#summary.textContent = verdictSummary(verdict.status, verdict.trustTier, verdict.trustList, verdict.trustLabel);
    const fact = (term: string, value: string | null): void => {
      if (!value) return;
      this.#facts.append(el('dt', {}, term), el('dd', {}, value));
    };
    if (verdict.status !== 'unsigned') {
      fact('Signed by', signerText(verdict.signer, verdict.signerSelfDeclared, verdict.signerVerifiedAt));
      fact('Issued by', verdict.issuer);
      // Named actors (CAWG identity assertions), each with its own verdict, apart from the signer's.
      for (const actor of verdict.actors) fact('Named actor', actorText(actor));
      fact('Who vouches', trustListText(verdict.trustTier, verdict.trustList, verdict.trustLabel));
      if (verdict.expired) fact('Certificate', verdict.trustedTimestamp ? 'Had expired at its trusted timestamp' : 'Expired, with no trusted timestamp of the signing');
      fact('Signed on', formatDate(verdict.signedAt) ?? 'Not stated');
      fact('Creator', verdict.creator);
      fact('AI', aiText(verdict.aiDisclosure));
    }
  }
}

export function defineContentCredentials(apiOrigin: string | null, tagName = 'content-credentials'): void {
  if (apiOrigin && !ContentCredentialsElement.apiOrigin) ContentCredentialsElement.apiOrigin = apiOrigin;
  if (!customElements.get(tagName)) customElements.define(tagName, ContentCredentialsElement);
}
