import { z } from 'zod';
import { VALIDATION } from './field-basics.ts';

/** The operator's word groups, as the console's text area holds them: one group a line, words between commas. */
export const SYNONYM_LIMITS = { lines: 300, wordsPerLine: 20, wordLength: 60, textLength: 30_000 } as const;

/** The words of each non-empty line (Latin, Arabic or CJK commas between them), trimmed, duplicates dropped. */
export function synonymGroupsOf(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) => [
      ...new Set(
        line
          .split(/[,،，、]/)
          .map((word) => word.trim().replace(/\s+/g, ' '))
          .filter(Boolean),
      ),
    ])
    .filter((words) => words.length > 0);
}

export const searchSynonymsFormSchema = z.object({
  groups: z
    .string()
    .max(SYNONYM_LIMITS.textLength, VALIDATION.tooLong)
    .superRefine((text, context) => {
      const groups = synonymGroupsOf(text);
      const problem =
        groups.length > SYNONYM_LIMITS.lines ||
        groups.some((words) => words.length > SYNONYM_LIMITS.wordsPerLine) ||
        groups.some((words) => words.some((word) => word.length > SYNONYM_LIMITS.wordLength))
          ? VALIDATION.tooLong
          : groups.some((words) => words.length < 2)
            ? VALIDATION.synonymLine
            : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type SearchSynonymsForm = z.output<typeof searchSynonymsFormSchema>;
