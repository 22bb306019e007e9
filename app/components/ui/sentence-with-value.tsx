/**
 * A translated sentence with one left-to-right value in it (an e-mail address, a phone number), shown as
 * its own unbroken `<bdi dir="ltr">` so Arabic text neither reorders nor wraps it. `sentence` receives a
 * placeholder to pass to t() where the value goes.
 */
export function SentenceWithValue({ sentence, value }: { sentence: (placeholder: string) => string; value: string }) {
  const placeholder = '\u0000';
  const [before = '', after = ''] = sentence(placeholder).split(placeholder);
  return (
    <>
      {before}
      <bdi dir="ltr" className="whitespace-nowrap">
        {value}
      </bdi>
      {after}
    </>
  );
}
