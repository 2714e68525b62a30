// PGlite's WebAssembly compiled by V8's baseline compiler alone, as the embedded runtime runs it
// (decision 80): TurboFan's background compilations of the database's functions cost a spec file
// more CPU than their faster code saves it (decision 128). Jest's workers cannot take the flag from
// NODE_OPTIONS, which refuses it, but V8 applies it to every module compiled after it is set.
require('node:v8').setFlagsFromString('--liftoff-only');
