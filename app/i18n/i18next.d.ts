// Typed keys: t('...') accepts only keys of the English page namespaces, so a wrong key fails the type check.
// The server-only namespaces (api, admin, mail, sms) are not listed: pages cannot name their keys.
import 'i18next';
import type auth from './locales/en/auth.json';
import type catalog from './locales/en/catalog.json';
import type chat from './locales/en/chat.json';
import type common from './locales/en/common.json';
import type appConsole from './locales/en/console.json';
import type content from './locales/en/content.json';
import type forms from './locales/en/forms.json';
import type items from './locales/en/items.json';
import type notifications from './locales/en/notifications.json';
import type payments from './locales/en/payments.json';
import type profile from './locales/en/profile.json';
import type search from './locales/en/search.json';
import type social from './locales/en/social.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: [
      'forms',
      'auth',
      'profile',
      'content',
      'catalog',
      'items',
      'search',
      'social',
      'chat',
      'notifications',
      'payments',
      'console',
    ];
    resources: {
      common: typeof common;
      forms: typeof forms;
      auth: typeof auth;
      profile: typeof profile;
      content: typeof content;
      catalog: typeof catalog;
      items: typeof items;
      search: typeof search;
      social: typeof social;
      chat: typeof chat;
      notifications: typeof notifications;
      payments: typeof payments;
      console: typeof appConsole;
    };
  }
}
