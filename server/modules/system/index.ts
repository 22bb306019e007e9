export { registerSystemRoutes, type SystemOptions } from './routes.ts';
