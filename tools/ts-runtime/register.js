'use strict';
/**
 * `node -r ./tools/ts-runtime/register.js <entry>.ts` runs the TypeScript sources as CommonJS.
 *
 * Each module is compiled by swc with the options tsconfig.base.json sets for emit and cached by
 * content (compile-cache.js). A process whose sources are all cached loads neither swc's native
 * binding nor the TypeScript compiler, which a hook reading tsconfig.json through `typescript`
 * loads at every start: about 40 MB less in every app process. The cached code carries inline
 * source maps; `node --enable-source-maps` maps stack traces back to the .ts lines.
 */
const { addHook } = require('pirates');
const { compiledSource } = require('./compile-cache');

addHook(compiledSource, { exts: ['.ts'], ignoreNodeModules: true });
