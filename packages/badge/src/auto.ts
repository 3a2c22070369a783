// Entry point of dist/content-credentials.js, the one script a publisher adds: it learns the
// gateway's origin from its own src and defines <content-credentials>.
import { defineContentCredentials } from './content-credentials-element.ts';
import { httpOrigin } from './content-credentials-element.ts';

// document.currentScript is only set while the script first runs, so read it now.
const script = document.currentScript as HTMLScriptElement | null;
defineContentCredentials(httpOrigin(script?.src) ?? null);
