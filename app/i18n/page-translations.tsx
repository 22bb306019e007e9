import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../contract/language.ts';
import { BOOT_ELEMENT_ID, bootText, i18nFor, readBoot } from './i18n.ts';
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

/**
 * The namespaces of the page as the server rendered it, for the browser to start with: only those the
 * matched routes declare (never the server-only ones). The browser keeps the text it was sent.
 */
export function TranslationsScript(props: { language: LanguageCode; namespaces: PageNamespace[] }) {
  const text = typeof document === 'undefined' ? bootText(props.language, props.namespaces) : (readBoot()?.text ?? '');
  return (
    <script
      id={BOOT_ELEMENT_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own locale files, with "<" escaped.
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
