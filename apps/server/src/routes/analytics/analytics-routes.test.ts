import type { TAnalyticsSummary, TSignContentResponse, TTrackAnalyticsResponse, TVerificationEventList } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('analytics (track-analytics, analytics/summary, analytics/events) on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ server } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
  });
  afterAll(async () => {
    assets.close();
    await database.close();
  });

  async function signAs(token: string, name: string): Promise<TSignContentResponse> {
    const response = await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish(`/${name}.jpg`, await makeImage('jpeg', 80, 60, name.length)), metadata: { creator: 'Analyst' } } });
    return readJson<TSignContentResponse>(response);
  }

  it('starts empty: zeros, no success rate, 30 empty days, no events', async () => {
    const { session } = await signUpAccount(server);
    const summary = await readJson<TAnalyticsSummary>(await server.request('GET', 'analytics/summary', { token: session.access_token }));
    expect(summary).toMatchObject({ manifests: 0, verifications: { total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 }, successRate: null, verificationsToday: 0, failureReasons: [] });
    expect(summary.ownContent).toEqual({ total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 });
    expect(summary.performed).toEqual({ total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 });
    expect(summary.perDay).toHaveLength(30);
    expect(summary.perDay.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    const { events } = await readJson<TVerificationEventList>(await server.request('GET', 'analytics/events?limit=10', { token: session.access_token }));
    expect(events).toEqual([]);
  });

  it('counts move as assets are signed and verified, and each account sees only its own', async () => {
    const owner = await signUpAccount(server);
    const stranger = await signUpAccount(server);
    const signed = await signAs(owner.session.access_token, 'counted');
    await server.request('POST', 'verify-content', { body: { manifestId: signed.manifestId } });
    await server.request('POST', 'verify-content', { body: { manifestId: signed.manifestId } });
    await server.request('POST', 'verify-content', { token: owner.session.access_token, body: { assetUrl: assets.publish('/plain.png', await makeImage('png')) } });

    const summary = await readJson<TAnalyticsSummary>(await server.request('GET', 'analytics/summary', { token: owner.session.access_token }));
    expect(summary).toMatchObject({ manifests: 1, verifications: { total: 3, verified: 2, unsigned: 1 }, successRate: 66.7, verificationsToday: 3 });
    expect(summary.perDay.at(-1)).toMatchObject({ verified: 2, unsigned: 1 });
    expect(summary.failureReasons).toEqual([{ reason: 'No Content Credentials were found in this file.', status: 'unsigned', count: 1 }]);
    // Two checks of the account's own content (by anyone), one it ran of someone else's file.
    expect(summary.ownContent).toMatchObject({ total: 2, verified: 2, unsigned: 0 });
    expect(summary.performed).toMatchObject({ total: 1, verified: 0, unsigned: 1 });

    const { events } = await readJson<TVerificationEventList>(await server.request('GET', 'analytics/events?limit=2', { token: owner.session.access_token }));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ status: 'unsigned', source: 'url', ofOwnContent: false });
    expect(events[1]).toMatchObject({ status: 'verified', ofOwnContent: true });
    expect(Date.parse(events[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(events[1]!.created_at));

    const listed = await readJson<{ assets: { manifestId: string; verificationCount: number; status: string }[] }>(await server.request('GET', 'assets', { token: owner.session.access_token }));
    expect(listed.assets).toEqual([expect.objectContaining({ manifestId: signed.manifestId, verificationCount: 2, status: 'verified' })]);

    const theirs = await readJson<TAnalyticsSummary>(await server.request('GET', 'analytics/summary', { token: stranger.session.access_token }));
    expect(theirs).toMatchObject({ manifests: 0, verifications: { total: 0 } });
    const theirEvents = await readJson<TVerificationEventList>(await server.request('GET', 'analytics/events', { token: stranger.session.access_token }));
    expect(theirEvents.events).toEqual([]);
  });

  it('tracks badge events with counts that move, by manifest ID or asset ID', async () => {
    const owner = await signUpAccount(server);
    const signed = await signAs(owner.session.access_token, 'badged');
    const first = await readJson<TTrackAnalyticsResponse>(await server.request('POST', 'track-analytics', { body: { eventType: 'badge_view', data: { assetId: signed.manifestId, userAgent: 'test', geo: 'Paris, FR' } } }));
    expect(first).toMatchObject({ success: true, metrics: { badge_view: 1, badge_click: 0, verifications: 0 } });
    await server.request('POST', 'verify-content', { body: { manifestId: signed.manifestId } });
    const second = await readJson<TTrackAnalyticsResponse>(await server.request('POST', 'track-analytics', { body: { eventType: 'badge_click', data: { assetId: signed.assetId } } }));
    expect(second.metrics).toMatchObject({ badge_view: 1, badge_click: 1, verifications: 1 });
    expect(second.eventId).not.toBe(first.eventId);
  });

  it('refuses unknown event types and missing asset IDs, and needs a session for the summary', async () => {
    const unknown = await server.request('POST', 'track-analytics', { body: { eventType: 'page_hack', data: { assetId: 'x' } } });
    expect(unknown.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(unknown)).error.message).toMatch(/eventType must be one of badge_view/);
    const missing = await server.request('POST', 'track-analytics', { body: { eventType: 'badge_view', data: {} } });
    expect(missing.status).toBe(400);
    expect((await server.request('GET', 'analytics/summary')).status).toBe(401);
    expect((await server.request('GET', 'analytics/events')).status).toBe(401);
    const { session } = await signUpAccount(server);
    expect((await server.request('GET', 'analytics/events?limit=1000', { token: session.access_token })).status).toBe(400);
  });
});
