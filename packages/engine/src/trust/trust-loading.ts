/**
 * What a caller building its trust store from its settings needs (the server's configuration and
 * engine): TRUST_LISTS parsed, the trust lists loaded (bundled, the gateway root, TRUST_LISTS and
 * TRUST_ANCHORS), and the errors that name a bad setting or anchor file. One typed object, not a name each.
 */
import { loadTrust, TrustAnchorFileError } from './load-trust.ts';
import { parseTrustListSetting, TrustListSettingError } from './trust-list-setting.ts';

export const trustLoading = {
  parseTrustListSetting,
  TrustListSettingError,
  loadTrust,
  TrustAnchorFileError,
} as const;
