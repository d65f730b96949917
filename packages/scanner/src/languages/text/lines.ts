/** What the text readers ask of a line of any format: whether it is a comment, whether it is prose. */

/** Lines that are comments in the formats read this way (`#`, `//`, `--`, `;`, `%`, `*`, `<!--`); Ruby's `%w[…]` is a list. */
export const COMMENT_LINE = /^\s*(#(?!!)|\/\/|--\s|;|%(?![wWiIqQ]?[[({<])|\/?\*|<!--)/;

/** The words of letters of a line (`The`, `toggle`; not `-Setting`, `server_side_exclude`). */
function wordsOf(line: string): string[] {
  return (line.match(/(^|\s)[A-Za-z][a-z]+(?=[\s,.;:!?]|$)/g) ?? []).map((word) => word.trim());
}

/** Words of letters in a line, leaving out a loop's keywords (`for s in a b; do`, `.each do |s|`). */
export function proseWords(line: string): number {
  return wordsOf(line).filter((word) => !/^(for|in|do|done|each|foreach|then|set|echo)$/.test(word)).length;
}

/** Three or more words of letters: a sentence around whatever it quotes. */
export function isSentence(line: string): boolean {
  return wordsOf(line).length >= 3;
}

/**
 * A route the program serves, as the web frameworks of the formats read as text declare one:
 * Spring's `@GetMapping("/…")`, JAX-RS's `@Path("/…")`, ASP.NET's `[HttpGet("…")]`, Laravel's
 * `Route::get('/…', …)`, a Rails route (`get "zones/:id/…", to: "…"`), a Sinatra, Grape or Ktor
 * route (`get "/…" do`, `get("/…") {`). Its path is the program's own, whatever it spells.
 */
export const OWN_ROUTE = new RegExp(
  [
    String.raw`^\s*@(?:(?:Get|Post|Put|Patch|Delete|Request)Mapping|GET|POST|PUT|PATCH|DELETE|Path|Get|Post|Put|Patch|Delete)\s*\(`,
    String.raw`^\s*\[(?:Http(?:Get|Post|Put|Patch|Delete)|Route)\s*\(`,
    String.raw`\bRoute::(?:get|post|put|patch|delete|any|match|resource|apiResource|prefix)\s*\(`,
    String.raw`^\s*(?:get|post|put|patch|delete|match)\s+["'][^"'\n]*["']\s*,\s*(?:to:|=>|controller:|action:|via:)`,
    String.raw`^\s*(?:get|post|put|patch|delete)\s*\(?\s*["'][^"'\n]*["']\s*\)?\s*(?:do\b|\{)`,
  ].join('|'),
);
