export * from './auth.ts';
export * from './catalog.ts';
export * from './chat.ts';
export * from './commerce.ts';
export * from './content.ts';
export * from './lookups.ts';
export * from './social.ts';
