import type { ReactNode } from 'react';

/** A translated sentence with a piece (a link) where its placeholder is, isolated so it keeps its direction. */
export function Sentence({ sentence, value }: { sentence: (placeholder: string) => string; value: ReactNode }) {
  const placeholder = '\u0000';
  const [before = '', after = ''] = sentence(placeholder).split(placeholder);
  return (
    <>
      {before}
      <bdi>{value}</bdi>
      {after}
    </>
  );
}
