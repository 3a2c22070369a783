// The safe fetcher, the only way the server and the `provenance` CLI reach the network: asset URLs
// and remote manifests alike. Node only; the engine library never imports it.
export { createSafeFetcher, createSafeStreamFetcher } from './safe-fetcher.ts';
export {
  SafeFetchError,
  type FetchedAsset,
  type FetchFailure,
  type SafeFetch,
  type SafeFetchOptions,
  type SafeFetchConditional,
  type SafeFetchPost,
  type SafeStreamFetch,
  type SafeStreamFetchOptions,
  type StreamedAsset,
  type StreamSink,
} from './fetch-types.ts';
export { fetchToFile } from './fetch-to-file.ts';
export { AllowHostError, allowedForPort, parseAllowedHost, parseAllowHosts, type AllowedHost } from './allow-hosts.ts';
export { checkAddress, type AddressVerdict } from './address-policy.ts';
