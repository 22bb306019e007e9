import { inArray, sql } from 'drizzle-orm';
import { synonymGroupsOf } from '../../../contract/search-synonyms.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import type { LookupsService } from '../lookups/index.ts';
import { CURATED_SYNONYMS } from './curated-synonyms.ts';
import { type SynonymSource, searchSynonymGroups } from './schema.ts';

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/**
 * The groups of words a search reads as one another (issue 25 point 2): the curated list and the vehicle
 * catalogue's names in every language, rebuilt at start, when the catalogue changes and nightly; and the
 * operator's own, edited in the console.
 */
export class SearchSynonyms {
  private readonly db: Db;
  private readonly lookups: LookupsService;
  private readonly events: EventBus;

  constructor(db: Db, lookups: LookupsService, events: EventBus) {
    this.db = db;
    this.lookups = lookups;
    this.events = events;
  }

  async rebuildBuiltIn(): Promise<void> {
    const catalogue = (await this.lookups.vehicleNames()).filter((names) => names.length > 1);
    await this.db.transaction(async (tx) => {
      await tx.delete(searchSynonymGroups).where(inArray(searchSynonymGroups.source, ['curated', 'catalogue']));
      await insertGroups(tx, 'curated', CURATED_SYNONYMS);
      await insertGroups(tx, 'catalogue', catalogue);
    });
  }

  /** The operator's groups as the console shows them: a line each, words between commas. */
  async operatorText(asker: Asker): Promise<string> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select({ written: searchSynonymGroups.written })
      .from(searchSynonymGroups)
      .where(sql`${searchSynonymGroups.source} = 'operator'`)
      .orderBy(searchSynonymGroups.id);
    return rows.map((row) => row.written.join(', ')).join('\n');
  }

  /** Replaces the operator's groups (text checked by searchSynonymsFormSchema); the change is in the audit log. */
  async saveOperatorText(asker: Asker, text: string): Promise<void> {
    refuseUnlessAdmin(asker);
    const before = await this.operatorText(asker);
    const groups = synonymGroupsOf(text);
    await this.events.transaction(this.db, async (tx, publish) => {
      await tx.delete(searchSynonymGroups).where(sql`${searchSynonymGroups.source} = 'operator'`);
      await insertGroups(tx, 'operator', groups);
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action: 'search.synonyms', subjectType: 'settings', subjectId: 'search-synonyms' },
        before: { groups: before },
        after: { groups: groups.map((words) => words.join(', ')).join('\n') },
      });
    });
  }
}

/** Each group with its words normalized as the search normalizes a query word (souk_normalize). */
async function insertGroups(db: Pick<Db, 'execute'>, source: SynonymSource, groups: readonly (readonly string[])[]) {
  if (groups.length === 0) return;
  await db.execute(sql`
    insert into ${searchSynonymGroups} (source, written, words)
    select ${source}, written, array(select distinct souk_normalize(word) from unnest(written) word
                                      where souk_normalize(word) <> '')
    from (select array(select jsonb_array_elements_text(g)) as written
          from jsonb_array_elements(${JSON.stringify(groups)}::jsonb) g) given`);
}
