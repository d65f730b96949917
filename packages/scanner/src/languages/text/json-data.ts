import { CONFIG_FILES } from '@sunset-lint/core/schedule';
/**
 * A JSON file (a request collection of Insomnia, Thunder Client or Hoppscotch, a HAR or nock
 * recording, a `package.json`'s scripts, a tool's configuration) is data: its keys, URLs, paths,
 * ids, ciphers, commands, scripts and escaped bodies say what it sends; its prose (a request's
 * `description`, a test's `"why"`) names things without using them. Returns the text with the prose
 * values blanked (spaces, line breaks kept: every offset is the file's own), for the text reader to
 * read the rest.
 *
 * A value is prose when it has words apart (whitespace outside a template's `{{ … }}`) and is none
 * of: a command line (`curl …`, `… && curl …`; never prose), a JSON body (`{…}`), a request line (`GET /zones/…`),
 * a list of words without letters of prose (`ECDHE-… ECDHE-…`), the value of a key that holds code
 * (`exec`, `script`, `command`, …: Postman's tests, an npm script). The value of a key that names
 * prose (`description`, `why`, `title`, …) is prose whatever it quotes. A kebab-case name
 * (`zone-setting-brotli`: a script's, a rule's, a package's) is prose too: no path, field, setting
 * id or cipher is spelled so. What a recording or a mock answers (under `response`) is blanked,
 * keys too: the API's own answer uses nothing; so is this tool's own `sunset-lint` key.
 */
export function jsonDataText(text: string): string {
  let out = '';
  let copied = 0;
  // The key each open container was given (an array's values are its key's).
  const keys: Array<string | undefined> = [];
  let key: string | undefined;
  // How deep the blanked container (a recording's or a mock's `response`, package.json's `sunset-lint`)
  // was opened: all of it is blank.
  let blankDepth: number | undefined;
  let at = 0;
  while (at < text.length) {
    const c = text[at]!;
    if (c === '{' || c === '[') {
      if (blankDepth === undefined && key !== undefined && BLANKED_KEY.test(key)) blankDepth = keys.length;
      keys.push(key);
      key = undefined;
      at++;
      continue;
    }
    if (c === '}' || c === ']') {
      keys.pop();
      if (blankDepth !== undefined && keys.length <= blankDepth) blankDepth = undefined;
      key = undefined;
      at++;
      continue;
    }
    if (c !== '"') {
      at++;
      continue;
    }
    let end = at + 1;
    while (end < text.length && text[end] !== '"' && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
    const value = text.slice(at + 1, end);
    let next = end + 1;
    while (next < text.length && /\s/.test(text[next]!)) next++;
    if (blankDepth !== undefined) {
      out += text.slice(copied, at + 1) + value.replace(/[^\n\r]/g, ' ');
      copied = end;
      if (text[next] === ':') key = value;
    } else if (text[next] === ':') key = value;
    else {
      if (isProse(value, key ?? keys.at(-1))) {
        out += text.slice(copied, at + 1) + value.replace(/[^\n\r]/g, ' ');
        copied = end;
      }
      key = undefined;
    }
    at = end + 1;
  }
  return out + text.slice(copied);
}

/**
 * Keys whose value is the API's answer, recorded or mocked (a HAR entry's or nock's `response`,
 * WireMock's `response` with its `jsonBody`): the server's words, not the code's; and this tool's
 * own settings in a package.json (`"sunset-lint": { "catalogue": … }`).
 */
const BLANKED_KEY = /^(response|responses|sunset-lint)$/i;

/** Keys whose values are code or commands: Postman's `exec` lines, an npm script, a task's `command`. */
const CODE_KEY = /^(exec|scripts?|commands?|cmd|run|code|tests?|prerequest|post\w*command|pre\w*command)$/i;

/** Keys whose values are prose whatever they quote: a request's `description`, a test's `why`. */
const PROSE_KEY =
  /^(why|description|desc|summary|title|name|label|comments?|notes?|reason|help|hint|details|explanation|docs?)$/i;

const REQUEST_COMMAND = /(^|&&|\|\||[;|])\s*(sudo\s+)?(curl|wget|https?|xh)\s+\S/;

function isProse(value: string, key: string | undefined): boolean {
  const trimmed = value.trim();
  if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(trimmed)) return true;
  if (REQUEST_COMMAND.test(trimmed)) return false;
  if (key !== undefined && PROSE_KEY.test(key)) return true;
  const untemplated = trimmed.replace(/\{\{.*?\}\}|\{%.*?%\}|<<.*?>>|\$\{.*?\}/g, '_');
  if (!/\s/.test(untemplated)) return false;
  if (/^[[{]/.test(trimmed)) return false;
  if (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\S+$/.test(trimmed)) return false;
  if (!/(^|\s)[a-z]{2,}(?=[\s,.;:!?]|$)/.test(trimmed)) return false;
  return !(key !== undefined && CODE_KEY.test(key));
}

/** This tool's own JSON documents: its configuration, a baseline or report it wrote (`"tool": "sunset-lint"`). */
export function isOwnJsonDocument(file: string, text: string): boolean {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  if ((CONFIG_FILES as readonly string[]).includes(name)) return true;
  return /"(?:tool|driver)"\s*:\s*(?:"sunset-lint"|\{\s*"name"\s*:\s*"sunset-lint")/.test(text.slice(0, 4096));
}
