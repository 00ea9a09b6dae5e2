/**
 * Characters that print nothing a person can read or that change how the text around them
 * reads: controls (NUL, CR, LF, DEL, C1), format characters (bidi overrides, zero-width ones,
 * the BOM), unpaired surrogates, private-use and unassigned code points, line and paragraph
 * separators. With the `u` flag a paired surrogate is one code point and only its category counts.
 */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;

/**
 * `text` with every character that is not printable written as its JSON escape (`\u0000`,
 * `\u202e`; a code point beyond U+FFFF as its two UTF-16 escapes), so text echoed from a
 * request can be shown, logged and compared without hiding or smuggling anything. Letters,
 * digits, symbols, spaces and single emoji are returned unchanged (the zero-width joiner inside
 * a combined emoji is a format character, so it is escaped).
 */
export function printable(text: string): string {
  return text.replace(NOT_PRINTABLE, (character) =>
    Array.from({ length: character.length }, (_, i) => `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}
