export { AppInfoService, type AppInfoSources } from './app-info.ts';
export { OperatorSettingsEditor } from './operator-settings.ts';
export { appInfoRoutes } from './routes.ts';
export { type AccountLimits, type PaymentSettings, SettingsService, type UpkeepRules } from './service.ts';
