import type { ItemReport } from '../../../contract/items.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { LookupsService } from '../lookups/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { AccountRow } from '../users/index.ts';
import type { ItemMediaService } from './item-media.ts';
import type { ItemLoader } from './loading.ts';
import type { ListingTies } from './visibility.ts';
import './events.ts';

/** What every use case of the items module works with. */
export interface ItemsContext {
  db: Db;
  events: EventBus;
  lookups: LookupsService;
  settings: SettingsService;
  itemMedia: ItemMediaService;
  loader: ItemLoader;
  /** "Now" for listing lifetimes (lifetime.ts): a test moves it. */
  clock: Clock;
  ties: ListingTies;
  /** Account rows (the users module's): the poster's age decides their daily limit. */
  sellerRows(userIds: string[]): Promise<Map<string, AccountRow>>;
  /** The open reports of these items (the social module keeps reports; handed in when services are composed). */
  openReportsOf(itemIds: string[]): Promise<Record<string, ItemReport[]>>;
}
