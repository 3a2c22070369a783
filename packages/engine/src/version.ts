/** The product name and version written into every claim's claim_generator_info. */
export const PRODUCT_NAME = 'Provenance Gateway';
export const ENGINE_VERSION = '0.1.0';
/**
 * The C2PA specification version the claims are made to (c2pa-rs 0.92 writes 2.4 claims), declared
 * as claim_generator_info's specVersion, as the Conformance Program requires from 2.4 on.
 */
export const SPEC_VERSION = '2.4';
/** The claim_generator_info of every claim the product signs. */
export const CLAIM_GENERATOR_INFO: readonly Record<string, string>[] = [{ name: PRODUCT_NAME, version: ENGINE_VERSION, specVersion: SPEC_VERSION }];
