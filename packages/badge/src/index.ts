// @provenance/badge: the <content-credentials> element, and the embed snippet publishers paste.
export { embedSnippet, scriptUrl, SCRIPT_PATH, type EmbedSnippetInput } from './embed-snippet.ts';
export { ContentCredentialsElement, defineContentCredentials } from './content-credentials-element.ts';
export { parseVerdict, type BadgeVerdict } from './gateway-api.ts';
