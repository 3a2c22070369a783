// The badge's stylesheet, scoped by its shadow root. Publishers theme it with CSS custom properties
// set on the element (they inherit into the shadow tree); pin and popover are overlays, so the
// wrapped media keeps its size and position (no layout shift).
export const BADGE_CSS = `
:host {
  --_bg: var(--cc-popover-bg, #ffffff);
  --_fg: var(--cc-popover-fg, #111827);
  --_muted: var(--cc-muted-fg, #4b5563);
  --_border: var(--cc-border, #d1d5db);
  --_pin-bg: var(--cc-pin-bg, rgba(255, 255, 255, 0.94));
  --_pin-fg: var(--cc-pin-fg, #111827);
  --_verified: var(--cc-verified, #15803d);
  --_partial: var(--cc-partial, #b45309);
  --_invalid: var(--cc-invalid, #b91c1c);
  --_unsigned: var(--cc-unsigned, #6b7280);
  --_focus: var(--cc-focus, #2563eb);
  --_offset: var(--cc-offset, 8px);
  --_radius: var(--cc-radius, 10px);
  display: inline-block;
  position: relative;
  max-width: 100%;
  font-family: var(--cc-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
}
@media (prefers-color-scheme: dark) {
  :host {
    --_bg: var(--cc-popover-bg, #1f2937);
    --_fg: var(--cc-popover-fg, #f9fafb);
    --_muted: var(--cc-muted-fg, #d1d5db);
    --_border: var(--cc-border, #374151);
    --_verified: var(--cc-verified, #4ade80);
    --_partial: var(--cc-partial, #fbbf24);
    --_invalid: var(--cc-invalid, #f87171);
    --_unsigned: var(--cc-unsigned, #9ca3af);
    --_focus: var(--cc-focus, #93c5fd);
  }
}
:host([hidden]) { display: none; }
.pin {
  position: absolute;
  top: var(--_offset);
  right: var(--_offset);
  z-index: 2147483000;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  box-sizing: border-box;
  width: 34px;
  height: 34px;
  margin: 0;
  padding: 0;
  border: 1px solid rgba(0, 0, 0, 0.25);
  border-radius: 999px;
  background: var(--_pin-bg);
  color: var(--_pin-fg);
  font: 700 12px/1 var(--cc-font, system-ui, sans-serif);
  letter-spacing: 0.02em;
  cursor: pointer;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.3);
}
:host([position="top-left"]) .pin, :host([position="bottom-left"]) .pin { right: auto; left: var(--_offset); }
:host([position^="bottom"]) .pin { top: auto; bottom: var(--_offset); }
.pin:focus-visible, .close:focus-visible, .report:focus-visible, .popover:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.pin[data-state="loading"] { opacity: 0.7; cursor: progress; }
.dot {
  position: absolute;
  right: -2px;
  bottom: -2px;
  width: 11px;
  height: 11px;
  border-radius: 999px;
  border: 2px solid var(--_pin-bg);
  background: var(--_unsigned);
}
[data-state="verified"] .dot { background: var(--_verified); }
[data-state="partial"] .dot { background: var(--_partial); }
[data-state="invalid"] .dot, [data-state="error"] .dot, [data-state="mismatch"] .dot { background: var(--_invalid); }
[data-state="unchecked"] .dot { background: var(--_partial); }
[data-state="loading"] .dot { display: none; }
.popover {
  position: absolute;
  top: calc(var(--_offset) + 40px);
  right: var(--_offset);
  z-index: 2147483001;
  box-sizing: border-box;
  width: min(20rem, calc(100vw - 16px));
  padding: 14px 16px;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  background: var(--_bg);
  color: var(--_fg);
  font: 400 13px/1.45 var(--cc-font, system-ui, sans-serif);
  text-align: left;
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.25);
}
.popover[hidden] { display: none; }
:host([position="top-left"]) .popover, :host([position="bottom-left"]) .popover { right: auto; left: var(--_offset); }
:host([position^="bottom"]) .popover { top: auto; bottom: calc(var(--_offset) + 40px); }
.head { display: flex; align-items: flex-start; gap: 10px; }
.mark {
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 999px;
  border: 2px solid var(--_unsigned);
  font-weight: 700;
  font-size: 11px;
}
[data-state="verified"] .mark { border-color: var(--_verified); color: var(--_verified); }
[data-state="partial"] .mark { border-color: var(--_partial); color: var(--_partial); }
[data-state="invalid"] .mark, [data-state="error"] .mark, [data-state="mismatch"] .mark { border-color: var(--_invalid); color: var(--_invalid); }
[data-state="unchecked"] .mark { border-color: var(--_partial); color: var(--_partial); }
.titles { flex: 1; min-width: 0; }
.eyebrow { margin: 0; color: var(--_muted); font-size: 11px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; }
.title { margin: 0; font-size: 16px; font-weight: 700; line-height: 1.3; }
.close {
  flex: none;
  width: 28px;
  height: 28px;
  margin: -4px -6px 0 0;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--_muted);
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
}
.summary { margin: 10px 0 0; }
.facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0 0; }
.facts dt { color: var(--_muted); }
.facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.report { display: inline-block; margin-top: 12px; color: var(--_focus); font-weight: 600; text-decoration: underline; text-underline-offset: 3px; }
.signed { display: flex; align-items: center; gap: 10px; margin: 12px 0 0; }
.signed[hidden] { display: none; }
.signed img { flex: none; width: 64px; height: 64px; object-fit: cover; border-radius: 6px; border: 1px solid var(--_border); }
.signed figcaption { color: var(--_muted); font-size: 12px; }
`;
