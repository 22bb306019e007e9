import { inArray, sql } from 'drizzle-orm';
import {
  type ChannelChoice,
  defaultPreferences,
  EMAIL_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../contract/notification-basics.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import { notificationPreferences } from './schema.ts';

/** The stored choices laid over the defaults; e-mail only ever for the kinds that may go by e-mail. */
export function withDefaults(stored: Partial<NotificationPreferences> | undefined): NotificationPreferences {
  const choices = defaultPreferences();
  for (const kind of NOTIFICATION_KINDS) {
    const saved = stored?.[kind];
    if (!saved) continue;
    choices[kind] = { ...choices[kind], ...saved, email: EMAIL_KINDS.includes(kind) && saved.email === true };
  }
  return choices;
}

export async function preferencesOf(db: Db | Tx, userIds: string[]): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: notificationPreferences.userId, choices: notificationPreferences.choices })
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, userIds));
  const stored = new Map(rows.map((row) => [row.userId, row.choices]));
  return new Map(userIds.map((userId) => [userId, withDefaults(stored.get(userId))]));
}

/** Keeps `changes` (kinds left out keep their choice); answers the whole set. */
export async function savePreferences(
  db: Db,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const current = (await preferencesOf(db, [userId])).get(userId) ?? defaultPreferences();
  const next = withDefaults({ ...current, ...changes });
  await db
    .insert(notificationPreferences)
    .values({ userId, choices: next })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { choices: next, updatedDate: sql`now()` } });
  return next;
}

/** One channel of one kind turned off (the one-click unsubscribe of a mail). */
export async function turnOff(db: Db, userId: string, kind: NotificationKind, channel: keyof ChannelChoice) {
  const current = (await preferencesOf(db, [userId])).get(userId) ?? defaultPreferences();
  const kindChoice = { ...current[kind], [channel]: false };
  await savePreferences(db, userId, { [kind]: kindChoice });
}
