import { boundaryOverrides } from './biome-overrides.ts';

/** The parts of biome.json this folder owns: the import-cycle rule and the boundary overrides. */
interface BiomeConfig {
  linter?: { rules?: Record<string, unknown> & { suspicious?: Record<string, unknown> } };
  overrides?: Array<{ linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }>;
}

/** No import cycle anywhere, type imports included (a type import ties two files together just the same). */
export const NO_IMPORT_CYCLES = { level: 'error', options: { ignoreTypes: false } } as const;

const isBoundaryOverride = (entry: NonNullable<BiomeConfig['overrides']>[number]) =>
  entry.linter?.rules?.style?.noRestrictedImports !== undefined;

/** `config` with the cycle rule set and the boundary overrides replaced by the ones rules.ts gives. */
export function withBoundaries<T extends BiomeConfig>(config: T): T {
  const rules = config.linter?.rules ?? {};
  return {
    ...config,
    linter: {
      ...config.linter,
      rules: { ...rules, suspicious: { ...rules.suspicious, noImportCycles: NO_IMPORT_CYCLES } },
    },
    overrides: [...(config.overrides ?? []).filter((entry) => !isBoundaryOverride(entry)), ...boundaryOverrides()],
  };
}

/** The boundary overrides biome.json holds now, to compare with what rules.ts gives. */
export const currentBoundaryOverrides = (config: BiomeConfig) => (config.overrides ?? []).filter(isBoundaryOverride);
