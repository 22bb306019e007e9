import type { ResourceLanguage } from 'i18next';

// One lazily loaded module per language and page namespace; the server-only namespaces are left out, so
// they are neither bundled for the browser nor loadable by a page. The loaders themselves are a module of
// their own (i18n.ts imports it when a namespace is missing): 16 languages of them are 2 KB a page would
// otherwise download before it is interactive, though a page starts with its texts in the HTML.
export const namespaceFiles = import.meta.glob<ResourceLanguage>(
  [
    './locales/*/*.json',
    '!./locales/*/api.json',
    '!./locales/*/admin.json',
    '!./locales/*/mail.json',
    '!./locales/*/sms.json',
  ],
  { import: 'default' },
);
