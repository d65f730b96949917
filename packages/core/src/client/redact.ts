/** What replaces the API token wherever it would otherwise appear. */
export const REDACTED = '[REDACTED]';

/**
 * A function that removes every occurrence of `secret` from a text: as written, as it appears inside
 * a JSON string, and URL-encoded. Used on everything the server sends back before it can reach an
 * error message or a log line: a proxy page or an error message may echo the request's headers.
 */
export function createRedactor(secret: string): (text: string) => string {
  const forms = [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])]
    .filter((form) => form.length > 0)
    // Longest first, so a longer form is not half-replaced by a shorter one it contains.
    .sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((redacted, form) => redacted.split(form).join(REDACTED), text);
}
