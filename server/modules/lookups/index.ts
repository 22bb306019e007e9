export { type LookupsPageOperations, lookupsPageOperations } from './page-operations.ts';
export { lookupRoutes } from './routes.ts';
export { type ListQuery, LookupsService, SIMPLE_LOOKUPS, type SimpleLookupKind } from './service.ts';
