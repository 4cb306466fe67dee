// What the import screen draws with: the formats, the CSV columns, the limit. Apart from the parsers
// (formats.ts) and the model because the screen hydrates: the CSV parser runs Node's Buffer when it
// is loaded ("Buffer is not defined" in the browser), and a value from a *.server module is left
// out of the browser bundle (the limit drew as "undefined", and React's hydration failed on it).
export type ImportFormat = "csv" | "gift" | "aiken";
export const IMPORT_FORMATS: readonly ImportFormat[] = ["csv", "gift", "aiken"];

/** The CSV columns, in this order when we export; on import the header names them (any order). */
/** The most questions one file may bring. */
export const MAX_IMPORT_QUESTIONS = 2000;

export const CSV_COLUMNS = ["type", "question", "a", "b", "c", "d", "e", "answer", "explanation", "board_year", "marks", "difficulty", "intro"] as const;
