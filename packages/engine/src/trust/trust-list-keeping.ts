/**
 * What a caller keeping trust lists current needs (the server's refresh of the official lists and
 * of TRUST_LISTS): saved copies on disk, the official lists, a list's text checked, a location told
 * URL from file, a list's anchors, the gateway root's list name. One typed object, not a dozen names.
 */
import { GATEWAY_LIST_NAME } from './load-trust.ts';
import { asTrustList, checkTrustListText, lastGoodCopy, officialLists, saveList, savedListsDir } from './saved-lists.ts';
import { isUrl } from './trust-list-setting.ts';
import { parseAnchors } from './trust-store.ts';

export const trustListKeeping = {
  /** The name of the list holding the gateway's own root (tier gateway). */
  gatewayListName: GATEWAY_LIST_NAME,
  /** Where the last good copies are saved under a data directory. */
  savedDir: savedListsDir,
  save: saveList,
  lastGoodCopy,
  official: officialLists,
  /** The number of certificates a list's text holds; throws TrustListTextError when it holds none. */
  checkText: checkTrustListText,
  asTrustList,
  isUrl,
  parseAnchors,
} as const;
