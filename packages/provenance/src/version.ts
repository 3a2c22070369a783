/** The product name and version written into every claim's claim_generator_info. */
export const PRODUCT_NAME = 'Provenance Gateway';
export const ENGINE_VERSION = '0.1.0';
