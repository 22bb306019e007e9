import type { ItemReport } from '../../../contract/items.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { LookupsService } from '../lookups/index.ts';
import type { ItemMediaService } from './item-media.ts';
import './events.ts';

/** What every use case of the items module works with. */
export interface ItemsContext {
  db: Db;
  events: EventBus;
  lookups: LookupsService;
  itemMedia: ItemMediaService;
  /** The open reports of these items (the social module keeps reports; handed in when services are composed). */
  openReportsOf(itemIds: string[]): Promise<Record<string, ItemReport[]>>;
}
