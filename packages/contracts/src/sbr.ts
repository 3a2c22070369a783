// The C2PA Soft Binding Resolution API (/api/v1/sbr), shaped as the C2PA specification's OpenAPI
// document: matches of a soft binding or of a file's content, the manifest store of a match, and the
// algorithms this resolver supports.
import { z } from '@hono/zod-openapi';

export const ZSbrMaxResults = z.coerce.number().int().min(1).max(100).default(10).openapi({ description: 'The most matches to return' });

export const ZSbrByBindingQuery = z.object({
  alg: z.string().min(1).max(200).openapi({ description: 'Soft-binding algorithm name from the C2PA soft-binding algorithm list', example: 'io.iscc.v0' }),
  value: z.string().min(1).max(4096).openapi({ description: 'The soft binding value, base64', example: 'w0Mwnjyejmc=' }),
  maxResults: ZSbrMaxResults.optional(),
});

export const ZSbrByBindingBody = z
  .object({
    alg: z.string().min(1).max(200).openapi({ example: 'io.iscc.v0' }),
    value: z.string().min(1).max(65536).openapi({ description: 'The soft binding value, base64', example: 'w0Mwnjyejmc=' }),
  })
  .openapi('SbrByBindingRequest');

export const ZSbrByContentQuery = z.object({
  alg: z.string().max(200).optional().openapi({ description: 'The soft-binding algorithm to match the content with (default: every one supported)' }),
  maxResults: ZSbrMaxResults.optional(),
  hintAlg: z.string().max(200).optional().openapi({ description: 'Algorithm of a soft binding the caller already has for this content' }),
  hintValue: z.string().max(4096).optional().openapi({ description: 'That soft binding value, base64' }),
});

/**
 * A manifest ID as resolvers give them (urn:c2pa:…, urn:uuid:…, with a claim generator suffix):
 * letters, digits and : . _ - + / = @ ~ only, so an ID is never markup or a script wherever a client shows it.
 */
export const ZSbrManifestId = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[A-Za-z0-9][A-Za-z0-9:._\-+/=@~]*$/, 'a manifest ID holds only letters, digits and : . _ - + / = @ ~')
  .openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' });

/** A resolver's base URL: http or https only (never javascript:, data: or the like), as a client may follow it. */
export const ZSbrEndpoint = z
  .string()
  .max(2048)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'an endpoint is an http or https URL')
  .openapi({ description: 'Base URL of the resolver holding the manifest, when it is not this one (http or https)' });

export const ZSbrMatch = z
  .object({
    manifestId: ZSbrManifestId,
    /** Where the manifest store is served, when not by this resolver. */
    endpoint: ZSbrEndpoint.optional(),
    /** 0-100: how closely the binding matched. */
    similarityScore: z.number().int().min(0).max(100).optional(),
    /** Which resolver answered: this one (local) or a federated one (its base URL). Not in the C2PA schema; clients may ignore it. */
    source: z.string().optional(),
  })
  .openapi('SbrMatch');
export type TSbrMatch = z.infer<typeof ZSbrMatch>;

export const ZSbrMatches = z
  .object({
    matches: z.array(ZSbrMatch).openapi({
      description:
        "This resolver's own matches are listed earliest signing first (as a verification's recovery candidates): a signing with a trusted RFC 3161 timestamp by that time and before any signing that only claims a time, then those by their claimed time. A content lookup matches the exact bytes (SHA-256) or the ISCC Image-Code in any of the image's eight EXIF orientations.",
    }),
  })
  .openapi('SbrMatches');
export type TSbrMatches = z.infer<typeof ZSbrMatches>;

export const ZSbrManifestQuery = z.object({
  returnActiveManifest: z.enum(['true', 'false']).optional().openapi({ description: 'true: the store holding only what the active manifest needs (this resolver keeps one store per asset and returns it whole)' }),
});

const ZSbrAlgorithm = z.object({ alg: z.string() });
export const ZSbrSupportedAlgorithms = z
  .object({ watermarks: z.array(ZSbrAlgorithm), fingerprints: z.array(ZSbrAlgorithm) })
  .openapi('SbrSupportedAlgorithms');
export type TSbrSupportedAlgorithms = z.infer<typeof ZSbrSupportedAlgorithms>;
