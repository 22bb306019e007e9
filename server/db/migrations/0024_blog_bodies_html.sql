-- Blog bodies become sanitised HTML (the console's rich-text editor, issue 24). Bodies written before were
-- plain text, paragraphs separated by a blank line: each becomes escaped <p> paragraphs, lines kept with <br />.
UPDATE "blogs" SET "bodies" = coalesce((
  SELECT jsonb_object_agg(body.key, (
    SELECT coalesce(string_agg('<p>' || replace(btrim(paragraph.text, E' \t\r\n'), E'\n', '<br />') || '</p>', '' ORDER BY paragraph.n), '')
    FROM regexp_split_to_table(
      replace(replace(replace(replace(body.value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
      E'\\n\\s*\\n'
    ) WITH ORDINALITY AS paragraph(text, n)
    WHERE btrim(paragraph.text, E' \t\r\n') <> ''
  ))
  FROM jsonb_each_text("blogs"."bodies") AS body
), '{}'::jsonb);
