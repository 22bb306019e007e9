export { AppInfoService, type AppInfoSources } from './app-info.ts';
export { appInfoRoutes } from './routes.ts';
export { type AccountLimits, SettingsService } from './service.ts';
