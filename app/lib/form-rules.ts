import { useEffect } from 'react';
import type { z } from 'zod';

/**
 * A form's rules: a contract/ zod schema, imported once the form is on screen. zod is 21 KB of brotli (46 KB
 * with libphonenumber, for a phone number) that no page waits for before it is interactive; the import is a
 * module-level function of the form's module, so each schema is asked for once.
 *
 *   const loginRules = () => import('../../../contract/sign-in.ts').then((rules) => rules.loginSchema);
 */
export type RulesLoader<T extends z.ZodType = z.ZodType> = () => Promise<T>;

/** Each loader's schema once it has arrived; null when it could not be loaded (the server checks alone then). */
const arrived = new Map<RulesLoader, z.ZodType | null>();
const loading = new Map<RulesLoader, Promise<void>>();

function load(rules: RulesLoader): Promise<void> {
  let pending = loading.get(rules);
  if (!pending) {
    pending = rules().then(
      (schema) => void arrived.set(rules, schema),
      () => void arrived.set(rules, null),
    );
    loading.set(rules, pending);
  }
  return pending;
}

/** Starts loading a form's rules when the component shows (the form, or the button of its dialog). */
export function useRulesAhead(rules: RulesLoader) {
  useEffect(() => void load(rules), [rules]);
}

/** The rules if they have arrived: undefined while they are on their way, null if they could not be loaded. */
export function arrivedRules<T extends z.ZodType>(rules: RulesLoader<T>): T | null | undefined {
  return arrived.get(rules) as T | null | undefined;
}

/** The rules, once they have arrived (null if they could not be loaded). */
export async function formRules<T extends z.ZodType>(rules: RulesLoader<T>): Promise<T | null> {
  await load(rules);
  return arrived.get(rules) as T | null;
}
