/**
 * The part of papaparse 5.7 that domain/ uses (`Papa.unparse`), declared here rather than through
 * @types/papaparse: that package starts with `/// <reference types="node" />` (for its Node stream
 * parser), which would load the Node types into every program importing papaparse and let
 * domain/ code use Buffer or process without a compile error (tsconfig.domain.json forbids them).
 * Shapes follow the library's documentation (papaparse.com/docs#json-to-csv).
 */
declare module "papaparse" {
  export interface UnparseConfig {
    /** Quote every field (true), the fields of the columns set to true, or those the function picks. */
    quotes?: boolean | boolean[] | ((value: unknown, columnIndex: number) => boolean);
    quoteChar?: string;
    escapeChar?: string;
    delimiter?: string;
    header?: boolean;
    newline?: string;
    skipEmptyLines?: boolean | "greedy";
    columns?: string[];
    /** Prefix `'` to (and quote) a text field matching the pattern (true: /^[=+\-@\t\r].*$/). */
    escapeFormulae?: boolean | RegExp;
  }
  export function unparse(data: readonly (readonly unknown[])[] | readonly Record<string, unknown>[], config?: UnparseConfig): string;
  const Papa: { unparse: typeof unparse };
  export default Papa;
}
