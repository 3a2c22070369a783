import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebLocalNotifications, localNotifications, NOTIFICATION_DELAY_MS } from './local-notifications';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', {
    LocalNotifications: {
      checkPermissions: () => ({ display: 'prompt' }),
      requestPermissions: () => ({ display: 'granted' }),
      schedule: () => ({ notifications: [{ id: 1 }] }),
    },
  });
});

afterEach(() => vi.useRealTimers());

describe('local notifications on a device (fake Capacitor bridge)', () => {
  it('asks for permission, then schedules the notification 1 s ahead', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    expect(await localNotifications.schedule({ title: 'Content Signed Successfully!', body: 'urn:c2pa:1' })).toBe('scheduled');
    expect(bridge.callsTo('LocalNotifications', 'requestPermissions')).toHaveLength(1);
    const [options] = bridge.callsTo('LocalNotifications', 'schedule');
    const [notification] = (options?.notifications ?? []) as { id: number; title: string; body: string; schedule: { at: Date } }[];
    expect(notification).toMatchObject({ title: 'Content Signed Successfully!', body: 'urn:c2pa:1' });
    expect(Number.isInteger(notification?.id)).toBe(true);
    expect(notification?.schedule.at.toISOString()).toBe('2026-01-01T00:00:01.000Z');
  });

  it('does not schedule when permission is refused', async () => {
    bridge.handle('LocalNotifications', 'checkPermissions', () => ({ display: 'denied' }));
    const before = bridge.callsTo('LocalNotifications', 'schedule').length;
    expect(await localNotifications.schedule({ title: 't', body: 'b' })).toBe('denied');
    expect(bridge.callsTo('LocalNotifications', 'schedule')).toHaveLength(before);
  });
});

function fakeNotificationApi(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const Api = vi.fn(function (this: unknown, title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }) as unknown as typeof Notification;
  Object.assign(Api, { permission, requestPermission: vi.fn(async () => answer) });
  return { Api, shown };
}

describe('local notifications in a browser (Notification API)', () => {
  it('asks once, then shows the notification after the delay', async () => {
    vi.useFakeTimers();
    const { Api, shown } = fakeNotificationApi('default', 'granted');
    const web = createWebLocalNotifications({ Notification: Api, setTimeout });
    expect(await web.schedule({ title: 'Content Signed Successfully!', body: 'Manifest urn:c2pa:1' })).toBe('scheduled');
    expect(Api.requestPermission).toHaveBeenCalledOnce();
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(NOTIFICATION_DELAY_MS);
    expect(shown).toEqual([{ title: 'Content Signed Successfully!', options: expect.objectContaining({ body: 'Manifest urn:c2pa:1' }) }]);
  });

  it('resolves denied without a notification when refused, and unsupported without the API', async () => {
    const { Api, shown } = fakeNotificationApi('denied');
    expect(await createWebLocalNotifications({ Notification: Api, setTimeout }).schedule({ title: 't', body: 'b', delayMs: 0 })).toBe('denied');
    expect(shown).toEqual([]);
    expect(await createWebLocalNotifications({ setTimeout }).schedule({ title: 't', body: 'b' })).toBe('unsupported');
  });
});
