export * from './label.module';
export * from './label.migrations';
export { renderAndMergeRaw, type RawLabelTimings } from './bench/render-and-merge-raw';
export { LabelWorkerPool } from './workers/label-worker-pool';
export * from './label-environment';
