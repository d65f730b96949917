import type { Finding } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { fetchAt } from './ruleset-rule.js';

/** Legacy OWASP sensitivity → the managed core ruleset's score threshold (docs/reference-client.md). */
export const SCORE_THRESHOLDS: Record<string, number | undefined> = { high: 25, medium: 40, low: 60, off: undefined };
/** Legacy action mode → the action of the ruleset's last rule (docs/reference-client.md). */
export const ACTIONS: Record<string, string> = { simulate: 'log', block: 'block', challenge: 'managed_challenge' };

/**
 * The call of the reference client that replaces a `PATCH …/firewall/waf/packages/:package_id`
 * whose body writes `sensitivity` and `action_mode` literally, written out with the mapping applied
 * (the legacy call carries no account id, so it stays with a person: the entry is manual).
 */
export function wafPackageChange(finding: Finding, text: string, js: JsPlaces | undefined): string | undefined {
  const request = fetchAt(finding, text, js);
  if (typeof request === 'string' || request.sent !== 'PATCH') return undefined;
  const urlText = request.nodeText(request.url);
  if (!/\/firewall\/waf\/packages\/[^/]+.$/.test(urlText)) return undefined;
  const body = request.options.get('body')?.node;
  const sent = body ? /^JSON\.stringify\((\{[\s\S]*\})\)$/.exec(request.nodeText(body))?.[1] : undefined;
  const value = sent === undefined ? undefined : parseLoose(sent);
  if (!value) return undefined;
  const sensitivity = typeof value['sensitivity'] === 'string' ? value['sensitivity'] : undefined;
  const mode = typeof value['action_mode'] === 'string' ? value['action_mode'] : undefined;
  if (sensitivity === undefined && mode === undefined) return undefined;
  const zone = /\/zones\/\$\{([^}]+)\}\//.exec(urlText)?.[1] ?? 'zoneId';
  const change: string[] = ['paranoiaLevel: 1'];
  const mapped: string[] = [];
  if (sensitivity !== undefined) {
    const threshold = SCORE_THRESHOLDS[sensitivity];
    if (threshold !== undefined) {
      change.push(`scoreThreshold: ${threshold}`);
      mapped.push(`sensitivity ${sensitivity} -> score threshold ${threshold}`);
    } else
      mapped.push(
        `sensitivity ${sensitivity}: no threshold (do not deploy the ruleset, or deploy it with action 'log' while you evaluate)`,
      );
  }
  if (mode !== undefined && ACTIONS[mode]) {
    change.push(`action: '${ACTIONS[mode]}'`);
    mapped.push(`action_mode ${mode} -> ${ACTIONS[mode]}`);
  }
  return `with the reference client (@sunset-lint/core/client): await applyManagedRulesetChange(client, { accountId, ${zone === 'zoneId' ? zone : `zoneId: ${zone}`} }, { ${change.join(', ')} }, { deploy: true }) (${mapped.join(', ')}; paranoia level 1 is the provider's default; docs/reference-client.md)`;
}

/** A JavaScript object literal of plain keys and scalar values, read without evaluating it. */
function parseLoose(source: string): Record<string, string | number | boolean> | undefined {
  const out: Record<string, string | number | boolean> = {};
  const inner = source.trim().slice(1, -1).trim();
  if (inner === '') return out;
  for (const part of inner.split(',')) {
    if (part.trim() === '') continue;
    const match =
      /^\s*['"]?([A-Za-z_$][\w$]*)['"]?\s*:\s*(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)|(true|false))\s*$/.exec(part);
    if (!match) return undefined;
    out[match[1]!] = match[2] ?? match[3] ?? (match[4] !== undefined ? Number(match[4]) : match[5] === 'true');
  }
  return out;
}
