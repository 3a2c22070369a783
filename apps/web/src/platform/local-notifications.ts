// Local notifications capability: a notification from the app itself, shown after a delay (the
// signing confirmation, 1 s after signing). On a device it is Capacitor's
// LocalNotifications plugin; in a browser the Notification API. Where permission is refused the
// call resolves 'denied': the in-app toast has already said the same thing.
import { LocalNotifications } from '@capacitor/local-notifications';
import { isNativeApp } from './runtime';

export const NOTIFICATION_DELAY_MS = 1000;

export interface LocalNotification {
  title: string;
  body: string;
  /** Milliseconds from now; the product's default is 1000. */
  delayMs?: number;
}

export type NotificationOutcome = 'scheduled' | 'denied' | 'unsupported';

export interface LocalNotificationsCapability {
  schedule(notification: LocalNotification): Promise<NotificationOutcome>;
}

/** Android wants a 32-bit integer id per notification. */
function notificationId(now: number): number {
  return now % 2_147_483_647;
}

export const nativeLocalNotifications: LocalNotificationsCapability = {
  async schedule(notification) {
    let permission = (await LocalNotifications.checkPermissions()).display;
    if (permission !== 'granted' && permission !== 'denied') permission = (await LocalNotifications.requestPermissions()).display;
    if (permission !== 'granted') return 'denied';
    const now = Date.now();
    await LocalNotifications.schedule({
      notifications: [{ id: notificationId(now), title: notification.title, body: notification.body, schedule: { at: new Date(now + (notification.delayMs ?? NOTIFICATION_DELAY_MS)) } }],
    });
    return 'scheduled';
  },
};

interface NotificationGlobal {
  Notification?: typeof Notification;
  setTimeout: typeof setTimeout;
}

export function createWebLocalNotifications(win: NotificationGlobal = window): LocalNotificationsCapability {
  return {
    async schedule(notification) {
      const Api = win.Notification;
      if (!Api) return 'unsupported';
      let permission = Api.permission;
      if (permission === 'default') permission = await Api.requestPermission();
      if (permission !== 'granted') return 'denied';
      win.setTimeout(() => {
        new Api(notification.title, { body: notification.body, tag: 'provenance-gateway' });
      }, notification.delayMs ?? NOTIFICATION_DELAY_MS);
      return 'scheduled';
    },
  };
}

export const localNotifications: LocalNotificationsCapability = isNativeApp() ? nativeLocalNotifications : createWebLocalNotifications();
