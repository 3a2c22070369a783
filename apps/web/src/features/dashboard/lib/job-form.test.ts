import { describe, expect, it } from 'vitest';
import { MAX_JOB_ITEMS as CONTRACT_MAX_JOB_ITEMS } from '@provenance/contracts';
import { buildJobRequest, describeJobRefusal, jobProgressText, jobStatusText, MAX_JOB_ITEMS, withoutItem } from './job-form';

describe('buildJobRequest', () => {
  it('holds as many items as the contract allows', () => {
    expect(MAX_JOB_ITEMS).toBe(CONTRACT_MAX_JOB_ITEMS);
  });

  it('makes one item per non-blank line, trimmed, with no metadata for a verify job', async () => {
    const built = await buildJobRequest({ type: 'verify', urls: ' https://a.example/1.jpg \n\nhttp://b.example/2.png\r\n', creator: '', organization: '' });
    expect(built).toEqual({ ok: true, request: { type: 'verify', items: [{ assetUrl: 'https://a.example/1.jpg' }, { assetUrl: 'http://b.example/2.png' }] } });
  });

  it('names the creator in every item of a sign job, and asks for one when missing', async () => {
    expect(await buildJobRequest({ type: 'sign', urls: 'https://a.example/1.jpg', creator: '  ', organization: '' })).toEqual({
      ok: false,
      errors: { creator: expect.stringContaining("creator's name") },
    });
    const built = await buildJobRequest({ type: 'sign', urls: 'https://a.example/1.jpg\nhttps://a.example/2.jpg', creator: ' Ada Reporter ', organization: '' });
    expect(built.ok && built.request.items).toEqual([
      { assetUrl: 'https://a.example/1.jpg', metadata: { creator: 'Ada Reporter' } },
      { assetUrl: 'https://a.example/2.jpg', metadata: { creator: 'Ada Reporter' } },
    ]);
  });

  it('asks a sign job for the name to sign under while the account has none, and sends it', async () => {
    const values = { type: 'sign' as const, urls: 'https://a.example/1.jpg', creator: 'Ada', organization: ' ' };
    expect(await buildJobRequest(values, true)).toEqual({ ok: false, errors: { organization: 'Give the name to sign under.' } });
    const built = await buildJobRequest({ ...values, organization: ' Harbour Gazette ' }, true);
    expect(built.ok && built.request.organization).toBe('Harbour Gazette');
    // Once the account has a name, none is sent.
    const named = await buildJobRequest({ ...values, organization: '' });
    expect(named.ok && 'organization' in named.request).toBe(false);
  });

  it('says which line is not an http(s) address, counting the lines as the field shows them', async () => {
    const built = await buildJobRequest({ type: 'verify', urls: 'https://a.example/1.jpg\n\nftp://files.example/2.jpg\nnot a url', creator: '', organization: '' });
    expect(built).toEqual({ ok: false, errors: { urls: 'Line 3: “ftp://files.example/2.jpg” is not an http or https address.' } });
  });

  it('refuses an empty list and one longer than a job holds', async () => {
    expect(await buildJobRequest({ type: 'verify', urls: '\n  \n', creator: '', organization: '' })).toEqual({ ok: false, errors: { urls: 'Paste at least one address, one per line.' } });
    const tooMany = Array.from({ length: MAX_JOB_ITEMS + 1 }, (_, i) => `https://a.example/${i}.jpg`).join('\n');
    const built = await buildJobRequest({ type: 'verify', urls: tooMany, creator: '', organization: '' });
    expect(built.ok ? null : built.errors.urls).toBe('A job holds at most 10,000 addresses; this list has 10,001.');
  });
});

describe('describeJobRefusal', () => {
  it("turns the server's item index into the line of the field, blank lines counted", () => {
    const urls = 'https://a.example/1.jpg\n\nhttps://a.example/2.jpg';
    expect(describeJobRefusal('items.1.assetUrl: Invalid input', urls)).toBe('Line 3: Invalid input');
    expect(describeJobRefusal('items.0: assetUrl must be an http or https URL', urls)).toBe('Line 1: assetUrl must be an http or https URL');
  });

  it('leaves out the item when the refusal concerns what every item shares', () => {
    expect(withoutItem('items.0: Creator name must be at most 200 characters')).toBe('Creator name must be at most 200 characters');
    expect(withoutItem('Creator name is required')).toBe('Creator name is required');
  });

  it('keeps any other message as the server wrote it', () => {
    expect(describeJobRefusal('items must hold at most 10000 items', 'x')).toBe('items must hold at most 10000 items');
    expect(describeJobRefusal('items.0.metadata is required for a sign job', 'x')).toBe('items.0.metadata is required for a sign job');
  });
});

describe('job words', () => {
  it('says what each status means and how far the job has got', () => {
    expect(jobStatusText({ status: 'queued', failed: 0 })).toBe('Waiting to start');
    expect(jobStatusText({ status: 'running', failed: 0 })).toBe('Running');
    expect(jobStatusText({ status: 'completed', failed: 0 })).toBe('Finished');
    expect(jobStatusText({ status: 'completed', failed: 2 })).toBe('Finished, some items could not be processed');
    expect(jobStatusText({ status: 'failed', failed: 3 })).toBe('Failed: no item could be processed');
    expect(jobProgressText({ done: 12, failed: 1, total: 40 })).toBe('12 of 40 done, 1 failed');
  });
});
