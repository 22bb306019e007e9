import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../contract/language.ts';
import { BOOT_ELEMENT_ID, bootBundle, i18nFor, readBoot } from './i18n.ts';
import type { PageNamespace } from './namespaces.ts';

/**
 * Gives the page its language's shared i18next instance and renders it only once the namespaces it needs are
 * loaded: after a client-side navigation to a page with other namespaces (or another language) the render
 * waits for them (router updates are transitions, so the previous page stays on screen meanwhile).
 */
export function PageTranslations(props: { language: LanguageCode; namespaces: PageNamespace[]; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18nFor(props.language)}>
      <NamespacesLoaded namespaces={props.namespaces}>{props.children}</NamespacesLoaded>
    </I18nextProvider>
  );
}

function NamespacesLoaded({ namespaces, children }: { namespaces: PageNamespace[]; children: ReactNode }) {
  useTranslation(namespaces);
  return children;
}

/** The address of the page's namespaces (the server names it; the browser keeps the one it loaded). */
function bundleSource(language: LanguageCode, namespaces: PageNamespace[]) {
  // SSR is known at build time: the browser's bundle leaves the server's writer out.
  return import.meta.env.SSR ? bootBundle(language, namespaces).src : (readBoot()?.src ?? '');
}

/**
 * The namespaces of the page as the server rendered it, for the browser to start with: only those the
 * matched routes declare (never the server-only ones), in a file of their own that every page with the same
 * namespaces shares (entry.client.tsx loads it before hydrating).
 */
export function TranslationsScript(props: { language: LanguageCode; namespaces: PageNamespace[] }) {
  return (
    <script
      id={BOOT_ELEMENT_ID}
      type="application/json"
      data-src={bundleSource(props.language, props.namespaces)}
      suppressHydrationWarning
    />
  );
}

/** Asks the browser to fetch the namespaces' file while it parses the page (head). */
export function TranslationsPreload(props: { language: LanguageCode; namespaces: PageNamespace[] }) {
  return (
    <link
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      href={bundleSource(props.language, props.namespaces)}
      suppressHydrationWarning
    />
  );
}
