import ts = require('typescript');
import type { Finding, TextEdit } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { format, type Out } from './ruleset-rule.js';
import { paramsAt, sdkCallAt } from './sdk-call.js';

/** The fields of a bookmark (the SDK's `Bookmark`) that an Access application of type bookmark takes as they are. */
const CARRIED = ['name', 'domain', 'logo_url', 'app_launcher_visible'];

const ID_NOTE =
  "the id is the application's id once the bookmark is migrated (find it with client.zeroTrust.access.applications.list, type 'bookmark'), not the bookmark's id";

/**
 * The SDK's `client.zeroTrust.access.bookmarks.<method>(…)` (`cloudflare` 7.3.0: `create(bookmarkID,
 * { account_id }, options?)`, `update` the same, `list({ account_id })`, `get` and `delete(bookmarkID,
 * { account_id })`; the bookmark's fields travel only in `options.body`) → the same method of
 * `client.zeroTrust.access.applications` with `type: 'bookmark'` and the fields a bookmark
 * application takes. Every method is assisted: the ids differ (a create's id is the server's, the
 * others take the application's id), and a list returns every application type. Undefined where the
 * place is not such a call; `notDerived` where the call's arguments are not written at the call.
 */
export function sdkBookmark(
  finding: Finding,
  text: string,
  js: JsPlaces | undefined,
): { description: string; edits: TextEdit[]; comment: string } | { notDerived: string } | undefined {
  // sunset-lint-ignore access-bookmark-applications -- the retired SDK chain this rewrite replaces, not a request
  const sdk = sdkCallAt(finding, text, js, ['zeroTrust', 'access', 'bookmarks']);
  if (!sdk) return undefined;
  const { call, method, read, nodeText, file } = sdk;
  const bookmarks = sdk.chain[2]!;
  const rename: TextEdit = { start: bookmarks.getStart(file), end: bookmarks.getEnd(), text: 'applications' };
  const target = `${sdk.receiver}.zeroTrust.access.applications.${method}`;
  const answer = (what: string) => (sdk.resultUsed ? `; the answer is ${what}` : '');
  switch (method) {
    case 'list':
      return {
        description: `Call \`${target}\``,
        edits: [rename],
        comment: `bookmarks.list is applications.list, which returns every application type (its params have no type filter): keep the items whose type is 'bookmark'${answer("a page of applications (page and per_page), not the bookmarks' single page")}`,
      };
    case 'get':
    case 'delete':
      return {
        description: `Call \`${target}\``,
        edits: [rename],
        comment: `${ID_NOTE}${method === 'get' ? answer("the Access application (id, type, name, domain, logo_url, app_launcher_visible and the application's other fields), not the Bookmark") : ''}`,
      };
    case 'create':
    case 'update': {
      const create = method === 'create';
      const params = paramsAt(sdk, 1);
      if (!params || call.arguments.length > 3)
        return { notDerived: 'the call does not write its params ({ account_id }) as an object literal' };
      // The bookmark's fields: 7.3.0's params take none, so code sends them as `options.body`
      // (`{ body: { name, domain } }`) or, untyped, as the params' `body`.
      const options = call.arguments[2];
      const inParams = params.view.get('body');
      let body: Map<string, { text: string }> = new Map();
      if (options || inParams) {
        const view = options ? (ts.isObjectLiteralExpression(options) ? read.object(options) : undefined) : undefined;
        const bodyNode = inParams ? inParams.node : view?.size === 1 ? view.get('body')?.node : undefined;
        const bodyView = bodyNode && ts.isObjectLiteralExpression(bodyNode) ? read.object(bodyNode) : undefined;
        if (!bodyView || (options && inParams) || (options && !view))
          return {
            notDerived:
              "the bookmark's fields are not written at the call as `{ body: { … } }` (name, domain, logo_url, app_launcher_visible): move them into the application's params by hand",
          };
        body = bodyView;
      }
      const rule: Array<[string, Out]> = [...params.view]
        .filter(([key]) => key !== 'body')
        .map(([key, property]) => [key, property.text]);
      if (!params.view.has('type')) rule.push(['type', read.quote('bookmark')]);
      const carried = CARRIED.filter((key) => body.has(key));
      for (const key of carried) rule.push([key, body.get(key)!.text]);
      const lost = [...body.keys()].filter((key) => !CARRIED.includes(key));
      const first = call.arguments[create ? 0 : 1]!;
      const last = call.arguments.at(-1)!;
      const edits: TextEdit[] = [
        rename,
        { start: first.getStart(file), end: last.getEnd(), text: format(rule, params.node, file, text) },
      ];
      const notes = [
        carried.length > 0
          ? `mapped: ${carried.join(', ')} to the application of type 'bookmark'`
          : "the call sends no field: add the bookmark's name and domain",
        ...(lost.length > 0 ? [`not carried (a bookmark application has no such field): ${lost.join(', ')}`] : []),
        create
          ? `the server assigns the application's id (the answer's id): store it where the bookmark id (${nodeText(call.arguments[0]!)}) was used`
          : ID_NOTE,
      ];
      return {
        description: `Call \`${target}\` with type 'bookmark'`,
        edits,
        comment: `${notes.join('; ')}${answer(`the Access application (ApplicationCreateResponse: id, type, name, domain, …), not the Bookmark`.replace('Create', create ? 'Create' : 'Update'))}`,
      };
    }
    default:
      return undefined;
  }
}
