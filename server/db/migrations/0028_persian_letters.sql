-- Persian keyboard letters (issue 25): many phones in the region type keheh (ک) and Farsi yeh (ی), and some
-- write heh with yeh above (ۀ), where Arabic has kaf (ك), yeh (ي) and heh (ه). souk_normalize folds them like
-- the other variants, so a word matches however it was typed.
CREATE OR REPLACE FUNCTION souk_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN translate(
    regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹کیۀ',
    'اااايه01234567890123456789كيه'
  );
--> statement-breakpoint
-- The stored search words of listings written with those letters, computed again (an update recomputes the
-- generated column); listings without them are unchanged.
UPDATE items SET title = title
  WHERE concat_ws(' ', title, brand, keyword, highlight_info, description) ~ '[کیۀ]';
--> statement-breakpoint
UPDATE saved_searches SET brand = souk_normalize(brand) WHERE brand ~ '[کیۀ]';
