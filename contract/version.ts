/** The app's version, sent with every API call and shown in the footer (no schema here: pages load this). */
export const APP_VERSION = '1.1';
