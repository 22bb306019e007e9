import { memo, Suspense, useContext, useEffect } from 'react';
import { preload } from 'react-dom';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { appContext } from '#app-context';
import { DEFAULT_LANGUAGE, directionOf, LANGUAGES } from '../contract/language.ts';
import type { Route } from './+types/root';
import { DialogProvider } from './components/ui/dialogs.tsx';
import { ProgressBar } from './components/ui/progress-bar.tsx';
import { PendingFavourite } from './features/items/pending-favourite.tsx';
import { ChunkLoadWatchdog, isChunkLoadError, LoadFailure } from './features/shell/chunk-load.tsx';
import { FlashNotice } from './features/shell/flash-notice.tsx';
import { Header } from './features/shell/header.tsx';
import { PrivacyAnsweredScript } from './features/shell/privacy-choice.tsx';
import { PrivacyConsent } from './features/shell/privacy-consent.tsx';
import { ThemeScript } from './features/shell/theme.tsx';
import { namespaceOfKey, pageTranslations } from './i18n/i18n.ts';
import { namespacesOf, type PageHandle } from './i18n/namespaces.ts';
import { PageTranslations, TranslationsPreload, TranslationsScript } from './i18n/page-translations.tsx';
import { chosenLocationForPage } from './lib/chosen-location.server.ts';
import { pageLanguage, readFlash, rememberedLanguage, rememberLanguage, toldTimeZone } from './lib/cookies.server.ts';
import { hydrateLater } from './lib/hydrate-later.ts';
import { pageMeta } from './lib/meta.ts';
import { useNonce } from './lib/nonce.ts';
import { TimeZoneProvider } from './lib/time-zone.tsx';
import './app.css';

// Phones' tab bar: plain links from the server, its code (the current tab, the unread count) after hydration.
const TabBar = hydrateLater(() => import('./features/shell/tab-bar.tsx').then((module) => module.TabBar));
// The footer (links) likewise, and the not-found page, which few visits show: drawn by the server, their code
// loads while the page hydrates. Memo: the shell's renders must not reach them before their code is there.
const Footer = hydrateLater(() => import('./features/shell/footer.tsx').then((module) => module.Footer));
const LaterFooter = memo(function LaterFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
});
const NotFound = hydrateLater(() => import('./components/ui/not-found.tsx').then((module) => module.NotFound));
const LaterNotFound = memo(function LaterNotFound() {
  return (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = await pageLanguage(request);
  const headers = new Headers();
  if (url.searchParams.has('lang') && (await rememberedLanguage(request)) !== language) {
    headers.append('Set-Cookie', await rememberLanguage(language));
  }
  const flash = await readFlash(request, context);
  if (flash.clear) headers.append('Set-Cookie', flash.clear);
  const { viewer, services } = context.get(appContext);
  const [translations, chosen] = await Promise.all([
    pageTranslations(language),
    chosenLocationForPage(request, services, language),
  ]);
  if (chosen.setCookie) headers.append('Set-Cookie', chosen.setCookie);
  const flashNamespace = flash.messageKey ? namespaceOfKey(translations, flash.messageKey) : undefined;
  return data(
    {
      language,
      origin: url.origin,
      viewer: viewer && {
        userId: viewer.userId,
        userName: viewer.userName,
        photo: viewer.photo,
        isAdmin: viewer.isAdmin,
      },
      flash: flash.messageKey,
      /** The location chosen in the header (null: all locations); page loaders read it with chosenLocation(). */
      location: chosen.location,
      /** The zone the browser told (dates render in it, so server and hydration agree); null before it has. */
      timeZone: toldTimeZone(request),
      /** Namespaces this data needs besides the page's own (the flash notice's). */
      namespaces: flashNamespace ? [flashNamespace] : [],
    },
    { headers },
  );
}

/** The root data (language, viewer, flash) changes only when another language is asked for, or after a form post. */
export function shouldRevalidate({ nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  const requested = nextUrl.searchParams.get('lang');
  return requested !== null && typeof document !== 'undefined' && requested !== document.documentElement.lang;
}

/**
 * A page that failed (a loader's 404, any other error) renders the root's error boundary, so only this
 * meta runs then: the not-found or error title and description, never a page without a title.
 */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  return isRouteErrorResponse(error) && error.status === 404
    ? pageMeta(matches, { title: 'meta.notFoundTitle', description: 'meta.notFoundDescription' })
    : pageMeta(matches, { title: 'errors.heading', description: 'errors.generic' });
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * Asks for the app's stylesheet ahead of the page's module preloads. React puts the preloads (20 and more on
 * a list page) at the top of <head> and the stylesheet <Links /> renders after them, so on HTTP/1.1 (six
 * connections) the one file that blocks the first paint waited behind the scripts; a preload of it goes
 * before them. The stylesheet link stays where it is, after the theme script, so that script never waits
 * for the stylesheet.
 */
function usePreloadedStylesheets() {
  const framework = useContext(UNSAFE_FrameworkContext);
  for (const href of framework?.manifest.routes.root?.css ?? []) preload(href, { as: 'style' });
}

export function Layout({ children }: { children: React.ReactNode }) {
  usePreloadedStylesheets();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const language = rootData?.language ?? DEFAULT_LANGUAGE;
  const nonce = useNonce();
  const location = useLocation();
  // common, the namespaces the matched routes declare in their handle, and those the root data needs.
  const namespaces = namespacesOf(
    useMatches().map((match) => match.handle),
    rootData?.namespaces,
  );
  const content = (
    <html lang={language} dir={directionOf(language)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1b625c" />
        <ThemeScript nonce={nonce} />
        <PrivacyAnsweredScript nonce={nonce} />
        <Meta />
        {rootData && (
          <LanguageAlternates origin={rootData.origin} pathname={location.pathname} search={location.search} />
        )}
        <Links />
        {rootData && <TranslationsPreload language={language} namespaces={namespaces} />}
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        {children}
        {rootData && <TranslationsScript language={language} namespaces={namespaces} />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
  return rootData ? (
    <PageTranslations language={language} namespaces={namespaces}>
      {content}
    </PageTranslations>
  ) : (
    content
  );
}

/** hreflang alternates: the same page in every language, selected by ?lang=. */
function LanguageAlternates({ origin, pathname, search }: { origin: string; pathname: string; search: string }) {
  const hrefFor = (code?: string) => {
    const params = new URLSearchParams(search);
    params.delete('lang');
    if (code) params.set('lang', code);
    const query = params.toString();
    return `${origin}${pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <>
      {LANGUAGES.map(({ code }) => (
        <link key={code} rel="alternate" hrefLang={code} href={hrefFor(code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={hrefFor()} />
    </>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  // Says when React owns the page: browser journeys wait for it before pressing script-only controls.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { pathname } = useLocation();
  const isChat = pathname === '/chat' || pathname.startsWith('/chat/');
  // A page that shows the handed-over notice itself (the login form) says so in its handle.
  const pageShowsFlash = useMatches().some((match) => (match.handle as PageHandle | undefined)?.showsFlashNotice);
  return (
    <TimeZoneProvider told={rootData?.timeZone ?? null}>
      <DialogProvider>
        <ProgressBar />
        <Header viewer={rootData?.viewer ?? null} location={rootData?.location ?? null} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {!isChat && <LaterFooter />}
        {/* A conversation has its composer at the bottom of the screen, as in messaging apps. */}
        {!isChat && (
          <Suspense fallback={null}>
            <TabBar signedIn={Boolean(rootData?.viewer)} />
          </Suspense>
        )}
        <FlashNotice messageKey={pageShowsFlash ? null : (rootData?.flash ?? null)} handedOver={rootData} />
        <PrivacyConsent />
        <PendingFavourite />
        <ChunkLoadWatchdog />
      </DialogProvider>
    </TimeZoneProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  if (!rootData) {
    // The root loader itself failed: no messages to show, so a bare page with the status.
    return <p style={{ padding: 24 }}>{isRouteErrorResponse(error) ? error.status : 500}</p>;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <LaterNotFound />
      </Shell>
    );
  }
  // On the server the failure is already in the JSON log (entry.server.tsx handleError).
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error);
  return (
    <Shell>
      <LoadFailure reason={isChunkLoadError(error) ? 'chunk' : 'generic'} />
    </Shell>
  );
}
