// The browser camera's viewfinder: a modal <dialog> showing the live camera stream with
// 'Take Photo' and 'Cancel', so a person sees what they are about to sign before the frame is
// taken. Resolves when the shutter is pressed; rejects with CancelledError on Cancel or Escape.
import { CancelledError } from './runtime';

const BUTTON =
  'inline-flex h-11 items-center justify-center rounded-md px-5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

let opened = 0;

export function showViewfinder(doc: Document, video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve, reject) => {
    opened += 1;
    const titleId = `platform-viewfinder-${opened}-title`;
    const dialog = doc.createElement('dialog');
    dialog.setAttribute('aria-labelledby', titleId);
    dialog.className = 'fixed inset-0 m-auto w-[min(calc(100%-1.5rem),44rem)] rounded-2xl border bg-card p-4 text-card-foreground shadow-2xl backdrop:bg-black/70';

    const heading = doc.createElement('h2');
    heading.id = titleId;
    heading.className = 'mb-3 text-base font-semibold';
    heading.textContent = 'Take a photo';

    // contain, not cover: the preview shows the whole frame that the shutter will take.
    video.className = 'aspect-video max-h-[65vh] w-full rounded-lg bg-black object-contain';
    video.setAttribute('aria-label', 'Camera preview');

    const actions = doc.createElement('div');
    actions.className = 'mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';
    const cancel = doc.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.className = `${BUTTON} border bg-card hover:bg-accent`;
    const shutter = doc.createElement('button');
    shutter.type = 'button';
    shutter.textContent = 'Take Photo';
    shutter.className = `${BUTTON} bg-primary text-primary-foreground hover:bg-primary/90`;
    actions.append(cancel, shutter);
    dialog.append(heading, video, actions);

    let settled = false;
    const finish = (taken: boolean): void => {
      if (settled) return;
      settled = true;
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      dialog.remove();
      if (taken) resolve();
      else reject(new CancelledError('Camera closed'));
    };
    shutter.addEventListener('click', () => finish(true));
    cancel.addEventListener('click', () => finish(false));
    // Escape closes a modal <dialog>: that is a cancel too.
    dialog.addEventListener('close', () => finish(false));

    doc.body.append(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    shutter.focus();
  });
}
