// The batch job contract as the app and API clients use it: a job's items checked one by one before
// anything is stored (each bad one named by its place), the item page's defaults and limits, and the
// answers the app parses (a job, a page of items, a result line).
import { describe, expect, it } from 'vitest';
import { MAX_JOB_ITEMS, MAX_JOB_ITEMS_PAGE, ZCreateJobRequest, ZJob, ZJobItemPage, ZJobItemPageQuery, ZJobItemRequest, ZJobItemResult } from './jobs.ts';
import { refusalOf } from './testing/refusal.ts';

const item = { assetUrl: 'https://example.org/a.jpg' };

describe('ZCreateJobRequest', () => {
  it('takes a verify job of URLs, and a sign job with metadata and an organisation', () => {
    expect(ZCreateJobRequest.parse({ type: 'verify', items: [item, { assetUrl: 'http://example.org/b.jpg' }] }).items).toHaveLength(2);
    const sign = ZCreateJobRequest.parse({ type: 'sign', organization: 'Daily Planet', items: [{ ...item, metadata: { creator: 'Ada' } }] });
    expect(sign.items[0]!.metadata).toMatchObject({ creator: 'Ada', license: 'All Rights Reserved', aiAssisted: false });
    expect(sign.organization).toBe('Daily Planet');
  });

  it('names the bad item by its place', () => {
    expect(refusalOf(ZCreateJobRequest, { type: 'verify', items: [item, item, item, { assetUrl: 'ftp://example.org/c.jpg' }] })).toEqual({ field: 'items.3.assetUrl', message: 'assetUrl must be an http or https URL' });
    expect(refusalOf(ZCreateJobRequest, { type: 'verify', items: [item, {}] })).toEqual({ field: 'items.1.assetUrl', message: 'assetUrl is required' });
  });

  it('holds a job to between one and 10,000 items', () => {
    expect(refusalOf(ZCreateJobRequest, { type: 'verify', items: [] })).toEqual({ field: 'items', message: 'items must hold at least one item' });
    expect(refusalOf(ZCreateJobRequest, { type: 'verify', items: Array.from({ length: MAX_JOB_ITEMS }, () => item) })).toBeNull();
    expect(refusalOf(ZCreateJobRequest, { type: 'verify', items: Array.from({ length: MAX_JOB_ITEMS + 1 }, () => item) })).toEqual({ field: 'items', message: 'items must hold at most 10000 items' });
  });

  it('refuses a job type it does not run', () => {
    expect(refusalOf(ZCreateJobRequest, { type: 'transform', items: [item] })?.field).toBe('type');
  });
});

describe('ZJobItemRequest', () => {
  it('refuses an URL holding NUL, which the database cannot store', () => {
    expect(refusalOf(ZJobItemRequest, { assetUrl: 'https://example.org/a\u0000.jpg' })).toEqual({ field: 'assetUrl', message: 'assetUrl must not contain NUL characters' });
  });
});

describe('ZJobItemPageQuery', () => {
  it('starts at the first item, 50 a page, read from the query string', () => {
    expect(ZJobItemPageQuery.parse({})).toEqual({ from: 0, limit: 50 });
    expect(ZJobItemPageQuery.parse({ from: '100', limit: String(MAX_JOB_ITEMS_PAGE) })).toEqual({ from: 100, limit: 100 });
  });

  it('refuses a page past the limits, naming the parameter', () => {
    expect(refusalOf(ZJobItemPageQuery, { limit: '101' })).toEqual({ field: 'limit', message: 'limit must be at most 100' });
    expect(refusalOf(ZJobItemPageQuery, { from: '-1' })).toEqual({ field: 'from', message: 'from must be at least 0' });
    expect(refusalOf(ZJobItemPageQuery, { from: '1.5' })).toEqual({ field: 'from', message: 'from must be a whole number' });
  });
});

const job = { id: '4f7d0c55-2a55-4b1f-9b0e-0c1f3f6f2d1a', type: 'verify', status: 'completed', total: 3, done: 2, failed: 1, createdAt: '2026-11-27T10:00:00.000Z', completedAt: '2026-11-27T10:00:05.000Z' };

describe('the answers the app reads', () => {
  it('accepts a job, and refuses one with a status the app has no words for', () => {
    expect(ZJob.safeParse(job).success).toBe(true);
    expect(ZJob.safeParse({ ...job, status: 'running', completedAt: null }).success).toBe(true);
    expect(refusalOf(ZJob, { ...job, status: 'paused' })?.field).toBe('status');
  });

  it('accepts a page of items: one done with its verdict, one failed with its reason, one queued', () => {
    const none = { verdict: null, reason: null, reasonCode: null, trustLabel: null, organization: null, failures: [], manifestId: null, recoveredManifestId: null, error: null };
    const page = {
      job,
      from: 0,
      items: [
        { ...none, index: 0, assetUrl: 'https://example.org/a.jpg', status: 'done', verdict: 'invalid', reason: 'The file was changed after it was signed', reasonCode: 'assertion.dataHash.mismatch', failures: [{ code: 'assertion.dataHash.mismatch', explanation: 'The file was changed after it was signed' }] },
        { ...none, index: 1, assetUrl: 'https://example.org/b.jpg', status: 'failed', error: { code: 'fetch_failed', message: 'The asset server answered HTTP 404' } },
        { ...none, index: 2, assetUrl: 'https://example.org/c.jpg', status: 'queued' },
      ],
    };
    expect(ZJobItemPage.safeParse(page).success).toBe(true);
    expect(refusalOf(ZJobItemPage, { ...page, items: [{ ...page.items[0], verdict: 'fine' }] })?.field).toBe('items.0.verdict');
  });

  it('accepts a result line of either outcome', () => {
    expect(ZJobItemResult.safeParse({ index: 0, assetUrl: 'https://example.org/a.jpg', status: 'done', result: { verification: {} } }).success).toBe(true);
    expect(ZJobItemResult.safeParse({ index: 1, assetUrl: 'https://example.org/b.jpg', status: 'failed', error: { code: 'fetch_failed', message: 'Not found' } }).success).toBe(true);
  });
});
