import { describe, expect, it } from 'vitest';
import { manifestStoreUrl } from '@/lib/api/manifests';
import { unsignedResult, verifiedResult } from '../test-fixtures';
import { downloadStem, reportJson, reportPath } from './report-download';

describe('report downloads', () => {
  it('names files after the asset title, safely', () => {
    expect(downloadStem(verifiedResult)).toBe('harbour-fire');
    const odd = { ...verifiedResult, report: { ...verifiedResult.report, activeManifest: { ...verifiedResult.report.activeManifest!, title: '../../etc/pass wd?.jpg' } } };
    expect(downloadStem(odd)).toBe('..-..-etc-pass-wd');
    expect(downloadStem(unsignedResult)).toBe('content-credentials');
  });

  it('serialises the whole answer', () => {
    expect(JSON.parse(reportJson(verifiedResult))).toEqual(verifiedResult);
  });

  it('URL-encodes manifest IDs in links', () => {
    expect(reportPath('urn:c2pa:abc/def')).toBe('/v/urn%3Ac2pa%3Aabc%2Fdef');
    expect(manifestStoreUrl('urn:c2pa:abc')).toBe('/api/v1/manifests/urn%3Ac2pa%3Aabc?format=c2pa');
  });
});
