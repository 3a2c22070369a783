// The Sign New Content form as data: its fields and their reset
// values, the required-field check, and the signing metadata it sends. Pure, so it is unit-tested.
import type { TSigningMetadata } from '@provenance/contracts';
import { formatBytes } from '@/lib/format';

export { formatBytes };

/**. Mirrors DEFAULT_LICENSE of @provenance/contracts without its runtime. */
export const DEFAULT_LICENSE = 'All Rights Reserved';

export const LICENSE_SUGGESTIONS = [DEFAULT_LICENSE, 'CC BY 4.0', 'CC BY-SA 4.0', 'CC BY-NC 4.0', 'CC BY-ND 4.0', 'CC0 1.0', 'Editorial use only'];

export interface SignFormValues {
  assetUrl: string;
  creator: string;
  title: string;
  license: string;
  aiAssisted: boolean;
  softwareAgent: string;
  includeLocation: boolean;
  /** The name to sign under, asked only while the account has none (it is then set by the signing). */
  organization: string;
}

export const EMPTY_FORM: SignFormValues = {
  assetUrl: '',
  creator: '',
  title: '',
  license: DEFAULT_LICENSE,
  aiAssisted: false,
  softwareAgent: '',
  includeLocation: false,
  organization: '',
};

/**
 *: the Asset URL and the Creator Name are required. A file picked or captured on
 * this device stands in for the URL: it is uploaded instead.
 */
export function missingRequired(values: Pick<SignFormValues, 'assetUrl' | 'creator'>, hasFile: boolean): boolean {
  return Object.keys(missingFields(values, hasFile)).length > 0;
}

export type SignFieldErrors = Partial<Record<'assetUrl' | 'creator' | 'organization', string>>;

/**
 * What each missing required field should say at the field itself, so it is heard where it is
 * fixed. The name to sign under is required only while the form asks for it (`asksOrganization`).
 */
export function missingFields(values: Pick<SignFormValues, 'assetUrl' | 'creator'> & Partial<Pick<SignFormValues, 'organization'>>, hasFile: boolean, asksOrganization = false): SignFieldErrors {
  const errors: SignFieldErrors = {};
  if (!hasFile && values.assetUrl.trim() === '') errors.assetUrl = 'Give the address of the file to sign, or pick a file on this device.';
  if (values.creator.trim() === '') errors.creator = "Give the creator's name.";
  if (asksOrganization && (values.organization ?? '').trim() === '') errors.organization = 'Give the name to sign under.';
  return errors;
}

export interface DeviceDetailsForSigning {
  deviceInfo: TSigningMetadata['deviceInfo'];
  location: TSigningMetadata['location'];
  softwareAgent: string | null;
}

/** The metadata of the signing request, with empty optional fields left out. */
export function buildMetadata(values: SignFormValues, options: { capturedWithCamera: boolean; device: DeviceDetailsForSigning | null }): TSigningMetadata {
  const softwareAgent = values.softwareAgent.trim() || options.device?.softwareAgent || undefined;
  const metadata: TSigningMetadata = {
    creator: values.creator.trim(),
    license: values.license.trim() || DEFAULT_LICENSE,
    aiAssisted: values.aiAssisted,
    capturedWithCamera: options.capturedWithCamera,
  };
  const title = values.title.trim();
  if (title) metadata.title = title;
  if (softwareAgent) metadata.softwareAgent = softwareAgent;
  if (options.device?.deviceInfo) metadata.deviceInfo = options.device.deviceInfo;
  metadata.location = values.includeLocation ? (options.device?.location ?? null) : null;
  return metadata;
}


/**
 * What the manifest added to the file, in bytes and percent of the original. The manifest is about
 * the same size whatever the file (about 3 kB), so a small file shows more than 1%.
 */
export function overheadText(bytes: { original: number; signed: number }, locale?: string): string | null {
  const percent = overheadPercent(bytes);
  if (percent === null) return null;
  const added = bytes.signed - bytes.original;
  const sign = added < 0 ? '−' : '';
  return `manifest adds ${sign}${formatBytes(Math.abs(added), locale)} (${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(percent)}%)`;
}

/** What the manifest added to the file, in percent of the original. */
export function overheadPercent(bytes: { original: number; signed: number }): number | null {
  if (bytes.original <= 0) return null;
  return ((bytes.signed - bytes.original) / bytes.original) * 100;
}
