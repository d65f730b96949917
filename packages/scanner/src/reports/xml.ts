/**
 * Escaping for the XML formats (JUnit, Checkstyle). Messages come from catalogue data and file
 * names from the scanned repository: characters XML 1.0 cannot hold at all (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF) become U+FFFD, so the document always parses.
 */

const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ENTITIES: Record<string, string> = {
  ...TEXT_ENTITIES,
  '"': '&quot;',
  "'": '&apos;',
  // Written as references so that attribute-value normalization keeps them instead of making spaces.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Character data between tags. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>]/g, (char) => TEXT_ENTITIES[char]!);
}

/** A double- or single-quoted attribute value (without the quotes). */
export function xmlAttribute(value: string | number): string {
  return String(value)
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/[&<>"'\t\n\r]/g, (char) => ATTRIBUTE_ENTITIES[char]!);
}

/** `name="value"` pairs, in the order given. */
export function xmlAttributes(attributes: Record<string, string | number>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${xmlAttribute(value)}"`)
    .join('');
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
