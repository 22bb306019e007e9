import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, formatDateTime, TIME_ZONE_COOKIE } from '../../contract/format.ts';
import type { LanguageCode } from '../../contract/language.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The zone dates are shown in, as a store whose identity never changes: the context's value stays the same when
 * the browser's own zone takes over, so that change reaches only the components that show a date. (A changed
 * context value would reach every part of the page still waiting for its code to hydrate, and React would drop
 * the server's HTML of each and draw it anew.)
 */
interface TimeZoneStore {
  subscribe(listener: () => void): () => void;
  /** The zone now: the one told, then the browser's own. */
  get(): string;
  /** The zone the server rendered in, for hydration. */
  told(): string;
  set(zone: string): void;
}

function timeZoneStore(told: string): TimeZoneStore {
  let zone = told;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => zone,
    told: () => told,
    set(next) {
      if (next === zone) return;
      zone = next;
      for (const listener of listeners) listener();
    },
  };
}

const serverStore = timeZoneStore(DEFAULT_TIME_ZONE);
const TimeZoneContext = createContext<TimeZoneStore>(serverStore);

/**
 * The zone dates are shown in (a client hint, as Epic Stack's client hints do it). The server renders in the
 * zone the browser told it in the `souk_tz` cookie, UTC before it has; the first render in the browser uses
 * that same zone, so hydration matches. Then the browser's own zone takes over, and the cookie tells the
 * server for the next pages. No reload: a first visit shows UTC for the moment hydration takes.
 */
export function TimeZoneProvider({ told, children }: { told: string | null; children: ReactNode }) {
  const [store] = useState(() => timeZoneStore(told ?? DEFAULT_TIME_ZONE));
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own) return;
    if (own !== told) {
      // biome-ignore lint/suspicious/noDocumentCookie: a one-value client hint; the Cookie Store API is not in every browser we serve.
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    }
    store.set(own);
  }, [told, store]);
  return <TimeZoneContext value={store}>{children}</TimeZoneContext>;
}

/** The zone dates are shown in (an IANA name); hydration renders with the zone the server rendered in. */
export function useTimeZone() {
  const store = useContext(TimeZoneContext);
  return useSyncExternalStore(store.subscribe, store.get, store.told);
}

/** Formats a date as SPEC.md 9 says (month-day-year hour:minute) in the page's language and the reader's zone. */
export function useFormatDateTime() {
  const timeZone = useTimeZone();
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  return useCallback((value: Date | string) => formatDateTime(value, language, timeZone), [language, timeZone]);
}

/** A calendar day ("Tuesday, 24 November 2026") and a time of day, in the reader's zone: the chat's separators. */
export function useFormatDayAndTime() {
  const timeZone = useTimeZone();
  const { i18n } = useTranslation();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone });
    const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone });
    return {
      day: (value: string) => day.format(new Date(value)),
      time: (value: string) => time.format(new Date(value)),
    };
  }, [i18n.language, timeZone]);
}
