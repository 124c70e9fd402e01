/**
 * Text that users wrote (prompts, terrain names, item names) as it goes into a file the service hands out: control
 * characters removed first (every format), then escaped for the format. A name in a file is a label, never markup
 * or a second line: C0 and C1 controls, DEL, the Unicode line and paragraph separators, and what XML 1.0 cannot hold
 * (U+FFFE, U+FFFF, lone surrogates) are dropped; runs of whitespace become one space.
 */
export function plainText(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]/g, " ")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text for an XML attribute value (Tiled's `.tsx` and `.tmx`). */
export function xmlAttribute(value: string): string {
  return plainText(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** A Godot string literal (`.tres`, `.tscn`): quoted, with backslashes and quotes escaped. */
export function godotString(value: string): string {
  return `"${plainText(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
