-- Search text (issue 10). One normalization for documents and queries, so a word matches however it is
-- written: lower case, Latin accents removed (unaccent), and in Arabic the alef forms (أ إ آ ٱ -> ا),
-- alef maqsura (ى -> ي), ta marbuta (ة -> ه), tatweel and diacritics (harakat, dagger alef) dropped;
-- Arabic-Indic digits become 0-9. IMMUTABLE (unaccent with its dictionary named), so a generated column
-- and an index may use it.
CREATE OR REPLACE FUNCTION souk_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN translate(
    regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'اااايه01234567890123456789'
  );
--> statement-breakpoint
-- The words of an item, weighted: title, brand and keyword (A), highlight and description (D). Each text
-- goes in three times: as written (simple: exact words and prefixes as you type), and stemmed in Arabic
-- and in English (a plural or an article still finds the singular). Stemming only adds lexemes: a query
-- matches a word as written, or its stem.
CREATE OR REPLACE FUNCTION souk_search_document(title text, brand text, keyword text, highlight text, description text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('simple'::regconfig, souk_normalize(concat_ws(' ', title, brand, keyword))), 'A')
      || setweight(to_tsvector('arabic'::regconfig, souk_normalize(concat_ws(' ', title, brand, keyword))), 'A')
      || setweight(to_tsvector('english'::regconfig, souk_normalize(concat_ws(' ', title, brand, keyword))), 'A')
      || setweight(to_tsvector('simple'::regconfig, souk_normalize(concat_ws(' ', highlight, description))), 'D')
      || setweight(to_tsvector('arabic'::regconfig, souk_normalize(concat_ws(' ', highlight, description))), 'D')
      || setweight(to_tsvector('english'::regconfig, souk_normalize(concat_ws(' ', highlight, description))), 'D');
--> statement-breakpoint
-- One word of a query: as a prefix of a word as written, or its Arabic or English stem.
CREATE OR REPLACE FUNCTION souk_term_query(term text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsquery('simple'::regconfig, quote_literal(souk_normalize(term)) || ':*')
      || plainto_tsquery('arabic'::regconfig, souk_normalize(term))
      || plainto_tsquery('english'::regconfig, souk_normalize(term));
