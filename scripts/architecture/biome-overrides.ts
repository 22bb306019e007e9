import { HTTP_PACKAGES, MODULE_TIERS } from './rules.ts';

/**
 * biome.json's noRestrictedImports overrides, derived from rules.ts. Biome matches the import as written
 * (gitignore-style patterns on the specifier), and a later override replaces an earlier one's options rather
 * than adding to them, so every file falls in exactly one of these groups and each lists all of its rules.
 */

interface Pattern {
  group: string[];
  message: string;
}

export interface BoundaryOverride {
  includes: string[];
  linter: { rules: { style: { noRestrictedImports: { level: 'error'; options: { patterns: Pattern[] } } } } };
}

const override = (includes: string[], patterns: Pattern[]): BoundaryOverride => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

const NO_SERVER: Pattern = {
  group: ['**/server/**'],
  message: 'app/ never imports server/: pages reach the server through the operations in app/context.ts.',
};

const NO_HTTP: Pattern = {
  group: ['**/http/**', ...HTTP_PACKAGES],
  message: 'Services and the kernel never import server/http/ or Fastify: throw AppError, return data.',
};

const NO_DB: Pattern = {
  group: ['**/db/**'],
  message:
    "A module never imports server/db/: it reaches another module's data through that module's index.ts (a query fragment or a command).",
};

const NO_TESTING: Pattern = {
  group: ['**/testing/**'],
  message: 'Only tests import server/testing/: its fixtures reach every table.',
};

const KERNEL_ONLY: Pattern = {
  group: ['**/modules/**', '**/realtime/**', '**/legacy/**'],
  message: 'The kernel imports no module, WebSocket gateway or legacy adapter: modules build on the kernel.',
};

const NO_GATEWAYS: Pattern = {
  group: ['**/realtime/**', '**/legacy/**'],
  message: 'Modules never import the WebSocket gateway or the legacy adapter: those call modules, not the reverse.',
};

/** From app/features/<domain>/ at `depth` folders below the feature: siblings, routes and other features. */
function featurePatterns(depth: number): Pattern[] {
  const up = '../'.repeat(depth);
  return [
    NO_SERVER,
    {
      group: [`${up}*/**`, `!${up}../**`, `${up}../features/**`],
      message: 'A feature never imports another feature: move what both need to app/lib or app/components/ui.',
    },
    { group: [`${up}../routes/**`], message: 'Features never import routes; routes compose features.' },
  ];
}

/** What a module of `tier` may not import: other modules' files but index.ts, and modules of later tiers. */
function modulePatterns(tier: number): Pattern[] {
  const earlier = MODULE_TIERS.slice(0, tier + 1).flat();
  const later = MODULE_TIERS.slice(tier + 1).flat();
  const patterns: Pattern[] = [
    {
      group: earlier.flatMap((name) => [`**/${name}/**`, `!**/${name}/index.ts`]),
      message: 'A module imports another module only through its index.ts.',
    },
  ];
  if (later.length > 0) {
    patterns.push({
      group: later.map((name) => `**/${name}/**`),
      message:
        'A module imports only modules to its left in the order (scripts/architecture/rules.ts MODULE_TIERS); ' +
        'the other way is an event.',
    });
  }
  return [...patterns, NO_GATEWAYS];
}

const NOT_SERVICES = [
  '!server/modules/*/routes.ts',
  '!server/modules/*/routes',
  '!server/modules/*/index.ts',
  '!server/modules/*/schema.ts',
  '!server/modules/*/*-schema.ts',
  '!**/*.test.ts',
];

const SCHEMA_FILES = ['server/modules/*/schema.ts', 'server/modules/*/*-schema.ts'];

/** A module's schema.ts: other modules' schema.ts only (foreign keys), and nothing of services, kernel or HTTP. */
const TABLES_ONLY: Pattern[] = [
  {
    group: MODULE_TIERS.flat().flatMap((name) => [`**/${name}/**`, `!**/${name}/schema.ts`, `!**/${name}/*-schema.ts`]),
    message: "A module's schema.ts declares tables: it imports other modules' schema.ts only, for foreign keys.",
  },
  {
    group: [
      '**/kernel/**',
      '**/http/**',
      '**/realtime/**',
      '**/legacy/**',
      '**/testing/**',
      '**/db/**',
      '!**/db/schema/columns.ts',
      ...HTTP_PACKAGES,
    ],
    message:
      "A module's schema.ts declares tables: no kernel, HTTP, gateway, legacy or database code but the column helpers.",
  },
];

export function boundaryOverrides(): BoundaryOverride[] {
  const tiers = MODULE_TIERS.flatMap((modules, tier) => [
    override(
      [...modules.map((name) => `server/modules/${name}/**`), ...NOT_SERVICES],
      [...modulePatterns(tier), NO_HTTP, NO_DB, NO_TESTING],
    ),
    override(
      modules.flatMap((name) => [
        `server/modules/${name}/routes.ts`,
        `server/modules/${name}/routes/**`,
        `server/modules/${name}/index.ts`,
        '!**/*.test.ts',
      ]),
      [...modulePatterns(tier), NO_DB, NO_TESTING],
    ),
    override(
      modules.map((name) => `server/modules/${name}/**/*.test.ts`),
      [...modulePatterns(tier), NO_DB],
    ),
  ]);
  return [
    override(['app/**', '!app/features', '!app/lib', '!app/components', '!app/i18n', '!app/context.ts'], [NO_SERVER]),
    override(
      ['app/context.ts'],
      [
        {
          group: ['**', '!**/contract/**', '!react-router'],
          message: 'The page port imports contract/ and react-router only: pages get operations, not services.',
        },
      ],
    ),
    override(
      ['app/lib/**', 'app/components/**', 'app/i18n/**'],
      [
        NO_SERVER,
        { group: ['**/features/**', '**/routes/**'], message: 'Shared app code never imports features or routes.' },
      ],
    ),
    override(['app/features/*/*'], featurePatterns(1)),
    override(['app/features/*/*/*'], featurePatterns(2)),
    override(
      ['contract/**', '!**/*.test.ts'],
      [
        {
          group: ['**/app/**', '**/server/**'],
          message: 'contract/ is shared by app/ and server/ and imports neither.',
        },
      ],
    ),
    override(['server/kernel/**', '!**/*.test.ts'], [KERNEL_ONLY, NO_HTTP, NO_TESTING]),
    override(['server/kernel/**/*.test.ts'], [KERNEL_ONLY, NO_HTTP]),
    override(['server/http/**', 'server/realtime/**', 'server/db/**', 'server/*.ts', '!**/*.test.ts'], [NO_TESTING]),
    ...tiers,
    override(SCHEMA_FILES, TABLES_ONLY),
    override(
      ['server/legacy/**'],
      [
        {
          group: ['**/modules/*/**', '!**/modules/*/index.ts'],
          message: 'The legacy adapter uses modules only through their index.ts.',
        },
        NO_TESTING,
      ],
    ),
  ];
}
