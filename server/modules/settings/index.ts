export { SettingsService } from './service.ts';
