import { asc, eq } from 'drizzle-orm';
import type { CategoryEdit, ConsoleCategory } from '../../../contract/console.ts';
import { type Db, isUniqueViolation } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { categories } from './catalog-schema.ts';
import './events.ts';

type CategoryRow = typeof categories.$inferSelect;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** Categories as the operator's console edits them (issue 24): names per language, order, shown or not. */
export class CategoryEditor {
  private readonly db: Db;
  private readonly events: EventBus;

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  /** Every category, hidden ones too, in their order. */
  async list(asker: Asker): Promise<ConsoleCategory[]> {
    refuseUnlessAdmin(asker);
    const rows = await this.db.select().from(categories).orderBy(asc(categories.catOrdering), asc(categories.id));
    return rows.map(presentCategory);
  }

  async get(asker: Asker, catId: number): Promise<ConsoleCategory> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(categories).where(eq(categories.id, catId));
    if (!row) throw notFound('api.categoryNotFound');
    return presentCategory(row);
  }

  /** Saves the names, order and visibility; the public pages show them at once; recorded in the audit log. */
  async update(asker: Asker, catId: number, edit: CategoryEdit): Promise<ConsoleCategory> {
    refuseUnlessAdmin(asker);
    const names = Object.fromEntries(Object.entries(edit.names).filter(([, name]) => name !== ''));
    return this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(categories).where(eq(categories.id, catId)).for('update');
      if (!row) throw notFound('api.categoryNotFound');
      const change = {
        names,
        catName: edit.names.en,
        catNameAr: edit.names.ar,
        catOrdering: edit.cat_ordering,
        status: edit.is_published ? 1 : 0,
        updatedDate: new Date(),
        updatedUserId: asker.userId,
      };
      const [saved] = await tx
        .update(categories)
        .set(change)
        .where(eq(categories.id, catId))
        .returning()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AppError(409, 'console.categories.nameTaken') : error;
        });
      if (!saved) throw notFound('api.categoryNotFound');
      publish('catalog.changed', { catId });
      const before = presentCategory(row);
      const after = presentCategory(saved);
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action: 'category.update', subjectType: 'category', subjectId: String(catId) },
        before: { names: before.names, cat_ordering: before.cat_ordering, is_published: before.is_published },
        after: { names: after.names, cat_ordering: after.cat_ordering, is_published: after.is_published },
      });
      return after;
    });
  }
}

function presentCategory(row: CategoryRow): ConsoleCategory {
  return {
    cat_id: row.id,
    names: { ...row.names, ar: row.names.ar ?? row.catNameAr, en: row.names.en ?? row.catName },
    cat_ordering: row.catOrdering,
    is_published: row.status === 1,
    is_vehicle: row.isVehicle,
    slug: row.slug,
  };
}
