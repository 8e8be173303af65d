/**
 * The part of papaparse 5.7 that domain/ uses (`Papa.unparse`; `Papa.parse` on a string and the
 * raw `Papa.Parser` for the viewers' CSV import), declared here rather than through
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

  export type Newline = "\r" | "\n" | "\r\n";
  export interface ParseError {
    type: "Quotes" | "Delimiter" | "FieldMismatch";
    code: "MissingQuotes" | "InvalidQuotes" | "UndetectableDelimiter" | "TooFewFields" | "TooManyFields";
    message: string;
    /** Index of the record in `data` (of this parse call). */
    row?: number;
    index?: number;
  }
  export interface ParseMeta {
    delimiter: string;
    linebreak: Newline;
    aborted: boolean;
    truncated: boolean;
    /** Characters of the input (plus `baseIndex`) up to the end of the last record in `data`. */
    cursor: number;
  }
  export interface ParseResult {
    data: string[][];
    errors: ParseError[];
    meta: ParseMeta;
  }
  /** Config of `Papa.parse` on a string, without header mode, typing or workers (not used here). */
  export interface ParseConfig {
    delimiter?: string;
    newline?: "" | Newline;
    quoteChar?: string;
    escapeChar?: string;
    preview?: number;
    delimitersToGuess?: string[];
    skipEmptyLines?: boolean | "greedy";
    fastMode?: boolean;
    comments?: false | string;
  }
  export function parse(input: string, config?: ParseConfig): ParseResult;

  /** Config of the raw parser: delimiter and newline are not guessed here. */
  export interface ParserConfig {
    delimiter: string;
    newline: Newline;
    quoteChar?: string;
    escapeChar?: string;
    comments?: false | string;
    preview?: number;
    fastMode?: boolean;
    /** Called for each record (`data` holds that one record); `abort()` from here stops the parse. */
    step?: (results: ParseResult) => void;
  }
  /**
   * The core parser streamers use (papaparse.js `Parser`): `parse(input, baseIndex, ignoreLastRow)`;
   * with `ignoreLastRow` the last, possibly incomplete record is left out and `meta.cursor` points
   * after the last record returned.
   */
  export class Parser {
    constructor(config: ParserConfig);
    parse(input: string, baseIndex?: number, ignoreLastRow?: boolean): ParseResult;
    abort(): void;
    getCharIndex(): number;
  }
  const Papa: { unparse: typeof unparse; parse: typeof parse; Parser: typeof Parser };
  export default Papa;
}
