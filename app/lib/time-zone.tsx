import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, formatDateTime, TIME_ZONE_COOKIE } from '../../contract/format.ts';
import type { LanguageCode } from '../../contract/language.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const TimeZoneContext = createContext(DEFAULT_TIME_ZONE);

/**
 * The zone dates are shown in (a client hint, as Epic Stack's client hints do it). The server renders in the
 * zone the browser told it in the `souk_tz` cookie, UTC before it has; the first render in the browser uses
 * that same zone, so hydration matches. Then the browser's own zone takes over, and the cookie tells the
 * server for the next pages. No reload: a first visit shows UTC for the moment hydration takes.
 */
export function TimeZoneProvider({ told, children }: { told: string | null; children: ReactNode }) {
  const [timeZone, setTimeZone] = useState(told ?? DEFAULT_TIME_ZONE);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own) return;
    if (own !== told) {
      // biome-ignore lint/suspicious/noDocumentCookie: a one-value client hint; the Cookie Store API is not in every browser we serve.
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    }
    setTimeZone(own);
  }, [told]);
  return <TimeZoneContext value={timeZone}>{children}</TimeZoneContext>;
}

/** Formats a date as SPEC.md 9 says (month-day-year hour:minute) in the page's language and the reader's zone. */
export function useFormatDateTime() {
  const timeZone = useContext(TimeZoneContext);
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  return useCallback((value: Date | string) => formatDateTime(value, language, timeZone), [language, timeZone]);
}

/** A calendar day ("Tuesday, 24 November 2026") and a time of day, in the reader's zone: the chat's separators. */
export function useFormatDayAndTime() {
  const timeZone = useContext(TimeZoneContext);
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
