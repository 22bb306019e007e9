import { expect, it } from 'vitest';
import { createTestDatabase } from './database.ts';

it('a *.unit.test.ts file that reaches for the database fails, saying how to get one', async () => {
  await expect(createTestDatabase()).rejects.toThrow(
    'this test needs the database project: name it *.test.ts, not *.unit.test.ts',
  );
});
