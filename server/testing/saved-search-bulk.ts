import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/database.ts';

/**
 * Saved searches in bulk, for the plan test and bench/saved-searches.ts: `count` searches of `owners` generated
 * people, in a mix like a real site's (issue 22 point 5): 45% text (one or two words from the listings' own
 * dictionary, as many Arabic as there are, a third with a category, some with a price), 20% a category within
 * 2 to 30 miles of a township (half in a subcategory), 28% a category (three in four a subcategory, half with
 * price bounds), 5% a category in a city, 2% only a narrow price range. The columns are those SavedSearches.create writes, made by the same SQL
 * functions (souk_normalize, souk_term_query, the lexemes of the same three configurations).
 */
export async function insertSavedSearches(db: Db, count: number, owners = Math.ceil(count / 10)) {
  await db.execute(sql`
    insert into users (id, user_name, user_email, email_verify, status)
    select 'bulk-saver-' || g, 'Saver ' || g, 'bulk-saver-' || g || '@souk.test', true, 1
    from generate_series(1, ${owners}) g
    on conflict do nothing`);
  await db.execute(sql`
    with vocabulary as (
      select array_agg(word) as words from (
        select word from search_words
        where char_length(word) >= 3 and word ~ '^[^0-9_]+$'
        order by listings desc limit 3000
      ) w
    ),
    places as (
      select array_agg(t.lat order by t.id) as lats, array_agg(t.lng order by t.id) as lngs,
        array_agg(t.city_id order by t.id) as cities
      from location_townships t
    ),
    catalog as (select array_agg(cat_id order by id) as cats, array_agg(id order by id) as subs from subcategories),
    drawn as (
      select g,
        case when g % 100 < 45 then 'words' when g % 100 < 65 then 'place' when g % 100 < 93 then 'category'
          when g % 100 < 98 then 'location' else 'any' end as kind,
        v.words[1 + (hashint4(g) & 2147483647) % array_length(v.words, 1)] as word,
        v.words[1 + (hashint4(g + 7) & 2147483647) % array_length(v.words, 1)] as second_word,
        1 + (hashint4(g + 1) & 2147483647) % array_length(c.subs, 1) as sub_at,
        1 + (hashint4(g + 2) & 2147483647) % array_length(p.lats, 1) as place_at,
        c.cats, c.subs, p.lats, p.lngs, p.cities
      from generate_series(1, ${count}) g, vocabulary v, catalog c, places p
    ),
    shaped as (
      select g, kind,
        case when kind = 'words' then case when g % 5 = 0 then word || ' ' || second_word else word end end as term,
        case when kind = 'words' then word end as anchor_word,
        case when (kind = 'words' and g % 3 = 0) or kind in ('place', 'category', 'location') then cats[sub_at] end as cat_id,
        case when (kind = 'category' and g % 4 > 0) or (kind = 'place' and g % 2 = 0) then subs[sub_at] end as sub_cat_id,
        case when kind = 'location' then cities[place_at] end as city_id,
        case when kind = 'place' then lats[place_at] end as lat,
        case when kind = 'place' then lngs[place_at] end as lng,
        case when kind = 'place' then (2 + g % 29) * 1609.344 end as radius_meters,
        case when (kind in ('category', 'any') and g % 4 < 2) or (kind = 'words' and g % 7 = 0)
          then (g % 50) * 100 end as min_price,
        case when kind = 'any' then (g % 50) * 100 + 200
          when (kind = 'category' and g % 4 > 0) or (kind = 'words' and g % 7 = 0) then 5000 + (g % 200) * 500 end
          as max_price
      from drawn
    )
    insert into saved_searches (
      user_id, name, query, query_key, anchor, words, text_query, cat_id, sub_cat_id, item_location_id,
      lat, lng, radius_meters, min_price, max_price)
    select 'bulk-saver-' || (1 + g % ${owners}), coalesce(term, 'search ' || g),
      jsonb_strip_nulls(jsonb_build_object('search_term', term, 'cat_id', cat_id::text, 'sub_cat_id', sub_cat_id::text,
        'item_location_id', city_id::text, 'lat', lat::text, 'lng', lng::text, 'min_price', min_price::text,
        'max_price', max_price::text)),
      'bulk=' || g, kind,
      case when kind = 'words' then array(
        select distinct left(lexeme, 24) from unnest(tsvector_to_array(
          to_tsvector('simple'::regconfig, souk_normalize(anchor_word))
          || to_tsvector('arabic'::regconfig, souk_normalize(anchor_word))
          || to_tsvector('english'::regconfig, souk_normalize(anchor_word)))) lexeme) end,
      case when kind = 'words' then (
        select souk_term_query(word) && coalesce(souk_term_query(nullif(split_part(term, ' ', 2), '')), souk_term_query(word))
        from (select split_part(term, ' ', 1) as word) first) end,
      cat_id, sub_cat_id, city_id, lat, lng, radius_meters, min_price, max_price
    from shaped`);
  await db.execute(sql`analyze saved_searches`);
}
