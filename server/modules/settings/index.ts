export { AppInfoService, type AppInfoSources } from './app-info.ts';
export { appInfoRoutes } from './routes.ts';
export { SettingsService } from './service.ts';
