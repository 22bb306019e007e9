import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { Limiter } from '../../kernel/rate-limit.ts';
import type { ItemsService } from '../items/index.ts';
import type { MediaService } from '../media/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { SocialService } from '../social/index.ts';
import type { UsersService } from '../users/index.ts';

/** What every part of the chat module works with. */
export interface ChatContext {
  db: Db;
  events: EventBus;
  items: ItemsService;
  users: UsersService;
  social: Pick<SocialService, 'inBlock'>;
  media: MediaService;
  /** The operator's limits (offers per conversation per hour). */
  settings: Pick<SettingsService, 'accountLimits'>;
  sendLimiter: Limiter;
}
