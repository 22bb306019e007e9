import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/database.ts';

/**
 * Saved searches in bulk, for the plan test and bench/saved-searches.ts: `count` searches of `owners` generated
 * people, in a mix like a real site's (issue 22 point 5), where people save specific searches: 45% two words
 * (the first from the listings' own dictionary, as many Arabic as there are; the second from it too or a model
 * number no listing has yet; a third with a category, a third with a city; each found by its two words, as
 * SavedSearches.create does), 20% a subcategory within 2 to 30 miles of a township (most with price bounds),
 * 28% a subcategory (half in a city, most with price bounds, a third with a condition), 5% a subcategory in a
 * city, 2% only a narrow price range and a condition. Each is anchored as SavedSearches.create anchors it. The
 * columns are those SavedSearches.create writes, made by the same SQL functions (souk_normalize,
 * souk_term_query, the lexemes of the same three configurations).
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
    catalog as (
      select array_agg(cat_id order by id) as cats, array_agg(id order by id) as subs,
        (select array_agg(id order by id) from item_conditions) as conditions
      from subcategories
    ),
    drawn as (
      select g,
        case when g % 100 < 45 then 'words' when g % 100 < 65 then 'place' when g % 100 < 93 then 'category'
          when g % 100 < 98 then 'location' else 'any' end as kind,
        v.words[1 + (hashint4(g) & 2147483647) % array_length(v.words, 1)] as word,
        v.words[1 + (hashint4(g + 7) & 2147483647) % array_length(v.words, 1)] as second_word,
        1 + (hashint4(g + 1) & 2147483647) % array_length(c.subs, 1) as sub_at,
        1 + (hashint4(g + 2) & 2147483647) % array_length(p.lats, 1) as place_at,
        -- The 'any' searches' bounds are drawn apart from the kind (g % 100), or all would have the same two.
        (hashint4(g + 3) & 2147483647) % 50 as low,
        c.cats, c.subs, c.conditions, p.lats, p.lngs, p.cities
      from generate_series(1, ${count}) g, vocabulary v, catalog c, places p
    ),
    shaped as (
      select g, kind,
        case when kind = 'words' then word || ' ' || case when g % 2 = 0 then second_word else 'x' || (g % 5000) end
          end as term,
        case when kind = 'words' then case when g % 2 = 1 then 'x' || (g % 5000)
          when (select listings from search_words where search_words.word = second_word)
            < (select listings from search_words where search_words.word = drawn.word) then second_word
          else word end end as anchor_word,
        case when (kind = 'words' and g % 3 = 0) or kind in ('place', 'category', 'location') then cats[sub_at] end as cat_id,
        case when kind in ('place', 'category', 'location') then subs[sub_at] end as sub_cat_id,
        case when kind = 'location' or (kind = 'category' and g % 2 = 0) or (kind = 'words' and g % 3 = 1)
          then cities[place_at] end as city_id,
        case when kind = 'place' then lats[place_at] end as lat,
        case when kind = 'place' then lngs[place_at] end as lng,
        case when kind = 'place' then (2 + g % 29) * 1609.344 end as radius_meters,
        case when kind = 'any' then low * 100 when kind in ('category', 'place') and g % 4 < 2 then (g % 50) * 100
          end as min_price,
        case when kind = 'any' then low * 100 + 200
          when kind in ('category', 'place') and g % 4 > 0 then (g % 50) * 100 + 500 + (g % 20) * 250 end
          as max_price,
        case when kind = 'any' or (kind = 'category' and g % 3 = 0) then conditions[1 + g % array_length(conditions, 1)]
          end as condition_id
      from drawn
    )
    insert into saved_searches (
      user_id, name, query, query_key, anchor, words, second_words, text_query, cat_id, sub_cat_id, item_location_id,
      lat, lng, radius_meters, min_price, max_price, condition_of_item_id)
    select 'bulk-saver-' || (1 + g % ${owners}), coalesce(term, 'search ' || g),
      jsonb_strip_nulls(jsonb_build_object('search_term', term, 'cat_id', cat_id::text, 'sub_cat_id', sub_cat_id::text,
        'item_location_id', city_id::text, 'lat', lat::text, 'lng', lng::text, 'min_price', min_price::text,
        'max_price', max_price::text, 'condition_of_item_id', condition_id::text)),
      'bulk=' || g,
      -- The anchor SavedSearches.create gives (saved-search-filters.ts anchorOf): a subcategory in a city is
      -- found by its category, not by its city.
      case when kind = 'words' then 'words' when lat is not null then 'place' when cat_id is not null then 'category'
        when city_id is not null then 'location' else 'any' end,
      case when kind = 'words' then array(
        select distinct left(lexeme, 24) from unnest(tsvector_to_array(
          to_tsvector('simple'::regconfig, souk_normalize(anchor_word))
          || to_tsvector('arabic'::regconfig, souk_normalize(anchor_word))
          || to_tsvector('english'::regconfig, souk_normalize(anchor_word)))) lexeme) end,
      case when kind = 'words' then array(
        select distinct left(lexeme, 24) from unnest(tsvector_to_array(
          to_tsvector('simple'::regconfig, souk_normalize(other_word))
          || to_tsvector('arabic'::regconfig, souk_normalize(other_word))
          || to_tsvector('english'::regconfig, souk_normalize(other_word)))) lexeme) end,
      case when kind = 'words' then (
        select souk_term_query(split_part(term, ' ', 1)) && souk_term_query(split_part(term, ' ', 2))) end,
      cat_id, sub_cat_id, city_id, lat, lng, radius_meters, min_price, max_price, condition_id
    from shaped,
      lateral (select case when anchor_word = split_part(term, ' ', 1) then split_part(term, ' ', 2)
        else split_part(term, ' ', 1) end as other_word) other`);
  await db.execute(sql`analyze saved_searches`);
}
