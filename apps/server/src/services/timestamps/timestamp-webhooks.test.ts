// The account hears of timestamps added after signing, over real parts: a webhook registered through
// the API on a loopback port, a real RFC 3161 authority taken down and brought back, the queued task,
// and a receiver on 127.0.0.1 checking each delivery's Standard Webhooks signature.
import { ZCreatedWebhook } from '@provenance/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpAccount } from '../../testing/test-server.ts';
import { openTimestampingInstallation, until, WEEK_MS, type TimestampingInstallation } from '../../testing/timestamping-gateways.ts';
import { eventually, startWebhookReceiver, verifiedDelivery, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

describe('webhooks of timestamps added later', () => {
  let installation: TimestampingInstallation;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    installation = await openTimestampingInstallation();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    receiver?.close();
    await installation?.close();
  });

  it('sends asset.timestamped when the task adds it, asset.timestamp_failed when it gives up, and asset.timestamped again on demand', async () => {
    const { tsa } = installation;
    let ahead = 0;
    const site = await installation.gateway({ clock: () => new Date(Date.now() + ahead) });
    const token = (await signUpAccount(site.server)).session.access_token;
    const webhook = await readAnswer(ZCreatedWebhook, await site.call('POST', 'webhooks', token, { url: receiver.url('/timestamps'), events: ['asset.timestamped', 'asset.timestamp_failed'] }));
    const heard = (type: string) =>
      receiver
        .receivedAt('/timestamps')
        .map((delivery) => verifiedDelivery(delivery, webhook.secret))
        .filter((payload) => payload.type === type);

    // Added by the task once the authority is back.
    await tsa.takeDown();
    const signed = await site.signPhoto(token, 'webhook-later.jpg');
    expect(signed.timestamp.state).toBe('pending');
    await tsa.bringBack();
    const [added] = await eventually(() => (heard('asset.timestamped').length > 0 ? heard('asset.timestamped') : undefined), 'asset.timestamped');
    const listed = await site.listed(token, signed.assetId);
    expect(listed.timestamp.state).toBe('added');
    expect(added?.data).toMatchObject({
      assetId: signed.assetId,
      manifestId: signed.manifestId,
      addedBy: 'task',
      signedAssetUrl: signed.signedAssetUrl,
      previousVersionUrl: listed.timestamp.previousVersionUrl,
      timestampedAt: listed.timestamp.addedAt,
    });
    expect(typeof added?.data.timestampManifestId).toBe('string');

    // Given up a week after the signing.
    await tsa.takeDown();
    const later = await site.signPhoto(token, 'webhook-given-up.jpg');
    await until('a failed attempt', () => site.listed(token, later.assetId), (asset) => asset.timestamp.attempts >= 1);
    ahead = WEEK_MS + 60_000;
    const [failed] = await eventually(() => (heard('asset.timestamp_failed').length > 0 ? heard('asset.timestamp_failed') : undefined), 'asset.timestamp_failed');
    expect(failed?.data).toMatchObject({ assetId: later.assetId, manifestId: later.manifestId, signedAssetUrl: later.signedAssetUrl });
    expect(failed?.data.reason).toMatch(/time-stamping authority/i);
    expect(failed?.data.attempts).toBeGreaterThanOrEqual(2);

    // Added on demand afterwards.
    await tsa.bringBack();
    expect((await site.call('POST', `assets/${later.assetId}/timestamp`, token)).status).toBe(200);
    const onDemand = await eventually(() => heard('asset.timestamped').find((payload) => payload.data.assetId === later.assetId), 'asset.timestamped on demand');
    expect(onDemand.data).toMatchObject({ addedBy: 'request', signedAssetUrl: later.signedAssetUrl });
    // Each event once.
    expect(heard('asset.timestamped')).toHaveLength(2);
    expect(heard('asset.timestamp_failed')).toHaveLength(1);
  });
});
