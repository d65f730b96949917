import ts = require('typescript');
import type { Finding, TextEdit } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { lineStart } from '../text.js';
import { fetchAt } from './ruleset-rule.js';

// sunset-lint-ignore access-bookmark-applications -- the retired path this rewrite replaces, not a request
const OLD = 'access/bookmarks';

/**
 * A `fetch` that creates or updates a bookmark with a body written at the request
 * (`POST|PUT accounts/:account_id/access/bookmarks/:uuid`, `JSON.stringify({ name, domain, … })`)
 * → the Access application of type bookmark: `access/apps`, `type: 'bookmark'` added to the body,
 * and for a create, no client-chosen id in the path (the server assigns it, `result.id`).
 * Undefined for any other place: the catalogue's path rewrite applies there.
 */
export function bookmarkApplication(
  finding: Finding,
  text: string,
  js: JsPlaces | undefined,
): { description: string; edits: TextEdit[]; comment: string } | undefined {
  const request = fetchAt(finding, text, js);
  if (typeof request === 'string' || (request.sent !== 'POST' && request.sent !== 'PUT')) return undefined;
  const { url, file, nodeText, options, read } = request;
  const urlText = nodeText(url);
  const at = urlText.indexOf(`/${OLD}`);
  if (at < 0 || !(ts.isTemplateExpression(url) || ts.isNoSubstitutionTemplateLiteral(url) || ts.isStringLiteral(url)))
    return undefined;
  const rest = urlText.slice(at + 1 + OLD.length, -1);
  // Nothing after the segments, or one id segment (`/${uuid}`, `/abc`).
  if (!/^(?:\/(?:\$\{[^}]+\}|[^/$`'"]+))?$/.test(rest)) return undefined;
  const body = options.get('body')?.node;
  if (!body || !ts.isCallExpression(body) || nodeText(body.expression) !== 'JSON.stringify') return undefined;
  const object = body.arguments[0];
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  const view = read.object(object);
  if (!view) return undefined;
  const start = url.getStart(file);
  const segment = start + at + 1;
  const create = request.sent === 'POST';
  const edits: TextEdit[] = [
    {
      start: segment,
      end: create ? url.getEnd() - 1 : segment + OLD.length,
      text: 'access/apps',
    },
  ];
  if (!view.has('type')) {
    const first = object.properties[0];
    const property = `type: ${read.quote('bookmark')}`;
    if (!first) edits.push({ start: object.getStart(file) + 1, end: object.getEnd() - 1, text: ` ${property} ` });
    else if (text.slice(object.getStart(file), first.getStart(file)).includes('\n')) {
      const line = lineStart(text, first.getStart(file));
      const indent = text.slice(line, first.getStart(file));
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      edits.push({ start: line, end: line, text: `${indent}${property},${eol}` });
    } else edits.push({ start: first.getStart(file), end: first.getStart(file), text: `${property}, ` });
  }
  return {
    description: `Replace \`${OLD}\` with \`access/apps\`${create && rest !== '' ? ' without the client-chosen id' : ''}; send \`type: 'bookmark'\``,
    edits,
    comment: create
      ? "Access bookmarks are applications of type 'bookmark': the server assigns the application's id (result.id): store it where the bookmark's uuid was used"
      : "Access bookmarks are applications of type 'bookmark': the path takes the application's id (find it in GET .../access/apps, type 'bookmark'), not the bookmark's uuid",
  };
}
