export { runApiFuzz, formatFuzzReport, type ApiFuzzReport } from './api-fuzz-run';
