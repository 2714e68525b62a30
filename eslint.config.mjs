import nx from '@nx/eslint-plugin';

const infrastructure = [
  '@nestjs/*',
  'pg',
  'pg-*',
  'kafkajs',
  '@eventstore/*',
  '@electric-sql/*',
  '@grpc/*',
  'express',
  'pino',
  'pino-*',
  'nestjs-pino',
  'pdf-lib',
  'ioredis',
];

/**
 * The scopes each scope may depend on besides its own and scope:shared. A domain lib sees only
 * the shared libs and its own context (the ledger and accounts libs included); an app what it uses.
 */
const scopeDependencies = {
  'scope:ledger': [],
  'scope:accounts': [],
  'scope:batch': ['scope:order', 'scope:ledger'],
  'scope:order': ['scope:batch', 'scope:accounts'],
  'scope:pickup': [],
  'scope:label': ['scope:batch'],
  'scope:webhook': [],
  'scope:gateway': ['scope:order', 'scope:batch', 'scope:pickup', 'scope:ledger', 'scope:accounts'],
};
const domainScopes = ['scope:batch', 'scope:order', 'scope:pickup'];

const scopeConstraints = [
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  ...domainScopes.map((scope) => ({
    allSourceTags: [scope, 'type:domain'],
    onlyDependOnLibsWithTags: ['scope:shared', scope],
  })),
  ...Object.entries(scopeDependencies).map(([scope, others]) => ({
    sourceTag: scope,
    onlyDependOnLibsWithTags: ['scope:shared', scope, ...others],
  })),
  { sourceTag: 'scope:runtime', onlyDependOnLibsWithTags: ['*'] },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '**/data', '**/.nx', 'coverage', 'tmp'] },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The event store's port is imported as usual while its driver adapters are imported
          // when configured, so a process loads only its own driver (decision 77).
          checkDynamicDependenciesExceptions: ['@shipping/event-store', '@shipping/event-store/*'],
          // The embedded runner composes every app's module into one process on purpose.
          allow: [
            '@shipping/gateway-app',
            '@shipping/order-app',
            '@shipping/pickup-app',
            '@shipping/batch-app',
            '@shipping/label-app',
            '@shipping/webhook-app',
          ],
          depConstraints: [
            {
              sourceTag: 'type:data',
              onlyDependOnLibsWithTags: ['type:data'],
              bannedExternalImports: infrastructure,
            },
            // Errors, messages, money and ids: what the domain shares with the apps, without validation.
            {
              sourceTag: 'type:contracts-core',
              onlyDependOnLibsWithTags: ['type:data', 'type:contracts-core'],
              bannedExternalImports: [...infrastructure, 'class-validator', 'class-transformer'],
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:data', 'type:contracts-core', 'type:contracts'],
              bannedExternalImports: infrastructure,
            },
            // The domain sees the contracts only through their core: request validation is the apps' job.
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:data', 'type:contracts-core', 'type:domain'],
              bannedExternalImports: [...infrastructure, 'class-validator', 'class-transformer'],
            },
            // Storage, messaging and the platform know no domain: each app registers its own events (decision 120).
            {
              sourceTag: 'type:infra',
              onlyDependOnLibsWithTags: ['type:data', 'type:contracts-core', 'type:contracts', 'type:infra'],
            },
            // The typed HTTP client runs in browsers and Node alike and knows the service only by its document.
            {
              sourceTag: 'type:client',
              onlyDependOnLibsWithTags: [],
              bannedExternalImports: [...infrastructure, 'class-validator', 'class-transformer', 'node:*'],
            },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: [
                'type:client',
                'type:data',
                'type:contracts-core',
                'type:contracts',
                'type:infra',
                'type:testing',
              ],
            },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
            // Bounded contexts (decision 120): a project sees the shared libs, its own context and
            // the contexts it uses today, no more. Listed: who may depend on a context, by its scope.
            ...scopeConstraints,
            // The dashboard runs in the browser and knows the service only through its public API,
            // and the reference data files it displays (their JSON, never the library's code).
            {
              sourceTag: 'type:web',
              onlyDependOnLibsWithTags: ['type:data', 'type:client'],
              bannedExternalImports: [...infrastructure, 'class-validator', 'class-transformer'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The event store's port loads no database driver; each driver is an adapter with its own
    // import path (@shipping/event-store/postgres, /pglite, /eventstoredb).
    files: ['libs/event-store/src/**/*.ts'],
    ignores: [
      'libs/event-store/src/adapters/**',
      'libs/event-store/src/eventstoredb/**',
      'libs/event-store/src/postgres/pg-sql-client.ts',
      'libs/event-store/src/postgres/pg-type-parsers.ts',
      'libs/event-store/src/postgres/pglite-sql-client.ts',
      'libs/event-store/src/testing/**',
      '**/*.spec.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['pg', 'pg-*', '@electric-sql/*', '@eventstore/*'],
              message: 'The event store port loads no database driver: put driver code in an adapter.',
            },
            {
              group: [
                '**/adapters/*',
                '**/eventstoredb/*',
                '**/pg-sql-client',
                '**/pglite-sql-client',
                '**/pg-type-parsers',
              ],
              message: 'The event store port does not depend on its adapters.',
            },
          ],
        },
      ],
    },
  },
  {
    // The dashboard bundles reference data files, never a lib's code (which would ship its checks
    // and every other data file to the browser).
    files: ['apps/dashboard/src/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@shipping/(?!client$|reference-data/data/[a-z-]+\\.json$)',
              message:
                'The dashboard imports no lib but the API client: only it and reference data files (@shipping/reference-data/data/*.json).',
            },
          ],
        },
      ],
    },
  },
  {
    // Specs may use the test harness (servers, databases) whatever layer they test.
    files: ['**/*.spec.ts', '**/e2e/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts', 'libs/testing/**/*.ts'],
    rules: {
      // Tests read JSON answers of any shape.
      '@typescript-eslint/no-explicit-any': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          checkDynamicDependenciesExceptions: ['@shipping/event-store', '@shipping/event-store/*'],
          allow: [
            '@shipping/gateway-app',
            '@shipping/order-app',
            '@shipping/pickup-app',
            '@shipping/batch-app',
            '@shipping/label-app',
            '@shipping/webhook-app',
            '@shipping/embedded-app',
          ],
          depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['*'] }],
        },
      ],
    },
  },
];
