import { z } from 'zod';

type Registry = typeof z.globalRegistry;

/**
 * The named API schemas (contract/ `.meta({ id })`) as the server loaded them, frozen before the web build is
 * loaded. The web build carries its own copy of contract/ (pages validate forms with it), and loading it
 * registers every name a second time with other schema objects; the OpenAPI document must see one schema per
 * name, the ones the routes use. (fastify-type-provider-zod reads registries through `_idmap` the same way.)
 */
export function serverSchemaRegistry(): Registry {
  const registry: Registry = z.registry();
  const global = z.globalRegistry as Registry & { _idmap: Map<string, z.core.$ZodType> };
  for (const schema of global._idmap.values()) registry.add(schema, global.get(schema) ?? {});
  return registry;
}
