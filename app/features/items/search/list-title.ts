import type { TFunction } from 'i18next';
import { isolate } from '../../../lib/bidi.ts';
import type { ItemListData, ListOption } from './item-list.server.ts';
import type { Crumb } from './item-list-seo.ts';
import { ITEM_LIST_PATH, listHref } from './list-filters.ts';

type ListView = Pick<ItemListData, 'values' | 'options' | 'manufacturer'>;

const nameIn = (list: ListOption[], id: string | undefined) => list.find((entry) => String(entry.id) === id)?.name;

/** What the list holds, for its heading and title: a manufacturer (and model), a subcategory or category, a city. */
export function listSubject(view: ListView, t: TFunction): string {
  const { values, options, manufacturer } = view;
  const maker =
    nameIn(options.manufacturers, values.manufacturer_id) ??
    (manufacturer && String(manufacturer.id) === values.manufacturer_id ? manufacturer.name : values.manufacturer_name);
  const what =
    (maker && [maker, values.model_id ? values.model_name : undefined].filter(Boolean).join(' ')) ||
    nameIn(options.subcategories, values.sub_cat_id) ||
    values.sub_cat_name ||
    nameIn(options.categories, values.cat_id) ||
    values.cat_name ||
    t('itemList.allItems');
  const place = nameIn(options.locations, values.item_location_id) ?? values.item_location_name;
  return place ? t('itemList.subjectIn', { what, place }) : what;
}

/** The page title: the subject, or the words searched for in it. */
export function listTitle(view: ListView, t: TFunction): string {
  const subject = listSubject(view, t);
  return view.values.search_term
    ? // Isolated (FSI … PDI), so Arabic words keep their place inside an English title, and the reverse.
      t('itemList.searchTitle', { term: isolate(view.values.search_term), what: subject })
    : subject;
}

/** Home, all ads, the category, then the subcategory or the manufacturer. */
export function listCrumbs(view: ListView & Pick<ItemListData, 'path'>, t: TFunction): Crumb[] {
  const { values, options, manufacturer, path } = view;
  const crumbs: Crumb[] = [
    { name: t('item.page.home'), path: '/' },
    { name: t('itemList.allItems'), path: ITEM_LIST_PATH },
  ];
  const category = nameIn(options.categories, values.cat_id) ?? values.cat_name;
  if (values.cat_id && category) crumbs.push({ name: category, path: listHref({ cat_id: values.cat_id }) });
  const subcategory = nameIn(options.subcategories, values.sub_cat_id) ?? values.sub_cat_name;
  if (values.cat_id && values.sub_cat_id && subcategory) {
    crumbs.push({ name: subcategory, path: listHref({ cat_id: values.cat_id, sub_cat_id: values.sub_cat_id }) });
  }
  if (manufacturer && path !== ITEM_LIST_PATH) crumbs.push({ name: manufacturer.name, path });
  return crumbs;
}
