import type { NamedPlace } from '../../../contract/location-choice.ts';

/** Whether a name contains what was typed, ignoring case, accents and Arabic letter variants. */
export function placeNameMatches(name: string, typed: string) {
  return typed === '' || fold(name).includes(fold(typed));
}

function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\p{M}\u0640]/gu, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/[\u0649\u06cc]/g, '\u064a')
    .replace(/\u06a9/g, '\u0643')
    .replace(/[\u0629\u06c0]/g, '\u0647')
    .toLocaleLowerCase();
}

/** The places of `first`, then those of `second` not already among them. */
export function mergePlaces(first: NamedPlace[], second: NamedPlace[]) {
  const seen = new Set(first.map((place) => place.id));
  return [...first, ...second.filter((place) => !seen.has(place.id))];
}
