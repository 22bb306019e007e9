import { and, eq } from 'drizzle-orm';
import type { ConsolePage, PageEdit } from '../../../contract/console-content.ts';
import type { ContentPageKind } from '../../../contract/content.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { contentPages } from './schema.ts';
import './events.ts';

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** The about, privacy and safety pages as the console edits them: one text per language, in the audit log. */
export class PageEditor {
  private readonly db: Db;
  private readonly events: EventBus;

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  /** The page in every language it is written in. */
  async get(asker: Asker, kind: ContentPageKind): Promise<ConsolePage> {
    refuseUnlessAdmin(asker);
    const rows = await this.db.select().from(contentPages).where(eq(contentPages.kind, kind));
    const texts = Object.fromEntries(
      rows.map((row) => [row.lang, { title: row.title, body: row.body, updated_date: row.updatedDate.toISOString() }]),
    );
    return { kind, texts };
  }

  /** Writes the page's text in one language; the public page shows it at once. */
  async save(asker: Asker, kind: ContentPageKind, edit: PageEdit): Promise<ConsolePage> {
    refuseUnlessAdmin(asker);
    await this.events.transaction(this.db, async (tx, publish) => {
      const where = and(eq(contentPages.kind, kind), eq(contentPages.lang, edit.language));
      const [before] = await tx.select().from(contentPages).where(where).for('update');
      const text = { title: edit.title, body: edit.body, updatedDate: new Date() };
      await tx
        .insert(contentPages)
        .values({ kind, lang: edit.language, ...text })
        .onConflictDoUpdate({ target: [contentPages.kind, contentPages.lang], set: text });
      publish('content.changed', { subject: `page:${kind}` });
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action: 'page.update', subjectType: 'content', subjectId: `page:${kind}` },
        before: before ? { language: edit.language, title: before.title, body: before.body } : null,
        after: { language: edit.language, title: edit.title, body: edit.body },
      });
    });
    return this.get(asker, kind);
  }
}
