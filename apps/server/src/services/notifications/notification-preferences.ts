// Notification preferences per account (Settings, Notifications tab): all on until the user saves.
import type { TNotificationPreferences } from '@provenance/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { notificationPreferences } from '../../db/schema/index.ts';

export const DEFAULT_NOTIFICATION_PREFERENCES: TNotificationPreferences = {
  verificationAlerts: true,
  weeklyReports: true,
  productUpdates: true,
};

export interface NotificationPreferences {
  get(userId: string): Promise<TNotificationPreferences>;
  save(userId: string, preferences: TNotificationPreferences): Promise<TNotificationPreferences>;
}

export function createNotificationPreferences(db: Db): NotificationPreferences {
  const get = async (userId: string): Promise<TNotificationPreferences> => {
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
    if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
    return { verificationAlerts: row.verificationAlerts, weeklyReports: row.weeklyReports, productUpdates: row.productUpdates };
  };
  return {
    get,
    async save(userId, preferences) {
      await db
        .insert(notificationPreferences)
        .values({ userId, ...preferences })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...preferences, updatedAt: new Date() } });
      return get(userId);
    },
  };
}
