// The safe fetcher, the only way the server and the `provenance` CLI reach the network: asset URLs
// and remote manifests alike. Node only; the engine library never imports it.
export { createSafeFetcher, SafeFetchError, type FetchedAsset, type FetchFailure, type SafeFetch, type SafeFetchOptions, type SafeFetchPost } from './safe-fetcher.ts';
export { AllowHostError, allowedForPort, parseAllowedHost, parseAllowHosts, type AllowedHost } from './allow-hosts.ts';
export { checkAddress, type AddressVerdict } from './address-policy.ts';
