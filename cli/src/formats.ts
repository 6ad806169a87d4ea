/**
 * The output formats `-o` takes. Apart from output.ts so that `--help`, which declares the option,
 * loads neither the formatting nor its libraries (csv-stringify, string-width).
 */
export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];
