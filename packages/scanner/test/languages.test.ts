/**
 * The scanner's readers of shell, Python, Go and documentation, through the real CLI and library
 * (their fixtures, fixtures/shell|python|go|docs, are scored with every other fixture in
 * scan-fixtures.test.ts): grammars load only for the languages a scan has, `--languages`,
 * `--fail-on-docs`, suppression comments in each language, the language in the reports.
 */
import { describe, expect, test } from 'vitest';
import { scan } from '../src/index.js';
import { loadedGrammars } from '../src/languages/grammars.js';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = ['--as-of', '2026-01-01'];
const SCANNER = fileURLToPath(new URL('..', import.meta.url));

const SHELL = `#!/usr/bin/env bash
API="https://api.cloudflare.com/client/v4"
curl -sS -X PATCH "$API/zones/$ZONE_ID/settings/brotli" \\
  -H "Authorization: Bearer $TOKEN" --data '{"value":"off"}'
echo "we used to call $API/zones/$ZONE_ID/firewall/rules"
`;
const PYTHON = `import requests

BASE = "https://api.cloudflare.com/client/v4"

def rules(zone_id):
    return requests.get(f"{BASE}/zones/{zone_id}/firewall/rules").json()
`;
const GO = `package main

import (
\t"fmt"
\t"net/http"
)

func limits(zoneID string) (*http.Response, error) {
\treturn http.Get(fmt.Sprintf("https://api.cloudflare.com/client/v4/zones/%s/rate_limits", zoneID))
}
`;
const DOCS = `# Runbook

\`\`\`console
$ curl -X DELETE "https://api.cloudflare.com/client/v4/zones/$ZONE_ID/filters/$FILTER_ID"
{"success": true}
\`\`\`

We no longer call /zones/:zone_id/firewall/rules (prose: silent).
`;

const keys = (findings: ReadonlyArray<{ file: string; line: number; entryId: string }>) =>
  findings.map((f) => `${f.file}:${f.line}:${f.entryId}`).sort();

describe('grammars load only for the languages a scan has', () => {
  // In a process of its own: the record of loaded grammars is the process's.
  const loadedBy = (project: string): string[] => {
    const script = `
      const { scan } = await import(${JSON.stringify(pathToFileURL(join(SCANNER, 'dist/index.js')).href)});
      const { loadedGrammars } = await import(${JSON.stringify(pathToFileURL(join(SCANNER, 'dist/languages/grammars.js')).href)});
      await scan({ cwd: ${JSON.stringify(project)}, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
      process.stdout.write(JSON.stringify(loadedGrammars()));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as string[];
  };

  test('a JavaScript-only scan, and documentation without a code block, load none', () => {
    const project = makeProject({
      'src/sync.js': "export const x = fetch('https://api.cloudflare.com/client/v4/zones/z/settings/ssl');\n",
      'README.md': '# Nothing to run\n\nThe API lives at /client/v4.\n',
    });
    expect(loadedBy(project)).toEqual([]);
  });

  test('a shell script loads the shell grammar alone', async () => {
    const shell = makeProject({ 'bin/purge.sh': SHELL });
    expect(loadedBy(shell)).toEqual(['bash']);
    const result = await scan({ cwd: shell, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(keys(result.findings)).toEqual(['bin/purge.sh:3:zone-setting-brotli']);
    // In this process too (whatever other tests loaded before): the scan of a shell file loaded bash.
    expect(loadedGrammars()).toContain('bash');
  });
});

describe('each language through the CLI', () => {
  const project = () =>
    makeProject({
      'ops/purge.sh': SHELL,
      'jobs/rules.py': PYTHON,
      'exporter/main.go': GO,
      'docs/runbook.md': DOCS,
      'src/app.js': "export const ok = fetch('https://api.cloudflare.com/client/v4/zones/z/rulesets');\n",
    });

  test('finds the usage in each, with its language in the JSON report and its confidence', async () => {
    const run = await runMain(['scan', ...AS_OF, '--format', 'json', '--fail-on', 'none'], { cwd: project() });
    expect(run.status, run.stderr).toBe(0);
    const report = parseJsonReport(run.stdout);
    expect(
      report.findings.map((f: { file: string; line: number; entryId: string; language?: string; confidence: string }) =>
        [f.file, f.line, f.entryId, f.language, f.confidence].join(' '),
      ),
    ).toEqual([
      'docs/runbook.md 4 firewall-rules-api docs high',
      'exporter/main.go 9 rate-limiting-legacy go high',
      'jobs/rules.py 6 firewall-rules-api python high',
      'ops/purge.sh 3 zone-setting-brotli shell high',
    ]);
  });

  test('--languages restricts the set; an unknown language is a usage error naming the flag', async () => {
    const run = await runMain(['scan', ...AS_OF, '--format', 'json', '--fail-on', 'none', '--languages', 'shell,go'], {
      cwd: project(),
    });
    expect(run.status, run.stderr).toBe(0);
    expect(keys(parseJsonReport(run.stdout).findings)).toEqual([
      'exporter/main.go:9:rate-limiting-legacy',
      'ops/purge.sh:3:zone-setting-brotli',
    ]);
    const bad = await runMain(['scan', ...AS_OF, '--languages', 'shell,cobol'], { cwd: project() });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--languages takes a comma-separated list of');
    expect(bad.stderr).toContain('unknown: cobol');
  });

  test('a finding in documentation fails the scan only with --fail-on-docs', async () => {
    const docsOnly = makeProject({ 'docs/runbook.md': DOCS });
    const reported = await runMain(['scan', ...AS_OF], { cwd: docsOnly });
    expect(reported.status, reported.stderr).toBe(0);
    expect(reported.stdout).toContain('docs/runbook.md');
    const gated = await runMain(['scan', ...AS_OF, '--fail-on-docs'], { cwd: docsOnly });
    expect(gated.status).toBe(1);
  });

  test('the HTML audit names each finding’s language', async () => {
    const run = await runMain(['scan', ...AS_OF, '--format', 'html', '--fail-on', 'none'], { cwd: project() });
    expect(run.status, run.stderr).toBe(0);
    for (const name of ['shell', 'Python', 'Go', 'documentation'])
      expect(run.stdout).toContain(`<span class="dim lang">${name}</span>`);
  });
});

describe('suppression comments in each language', () => {
  test('# in shell and Python, // in Go, <!-- --> in documentation; an unused one is reported', async () => {
    const project = makeProject({
      'ops/purge.sh': SHELL.replace(
        'curl -sS',
        '# sunset-lint-ignore zone-setting-brotli -- turned off by hand last week\ncurl -sS',
      ),
      'jobs/rules.py': PYTHON.replace(
        '    return requests',
        '    # sunset-lint-ignore firewall-rules-api -- migrated in PLAT-12\n    return requests',
      ),
      'exporter/main.go': GO.replace(
        '\treturn http.Get',
        '\t// sunset-lint-ignore rate-limiting-legacy -- exporter retired\n\treturn http.Get',
      ),
      // In a code block, the block's own comment (`<!-- -->` serves the page's other lines).
      'docs/runbook.md': DOCS.replace(
        '```console\n',
        '```console\n# sunset-lint-ignore firewall-rules-api -- archived runbook\n',
      ),
      'docs/other.md': '<!-- sunset-lint-ignore zone-setting-brotli -- nothing here -->\n# Other\n',
    });
    const run = await runMain(['scan', ...AS_OF, '--format', 'json', '--fail-on', 'none'], { cwd: project });
    expect(run.status, run.stderr).toBe(0);
    const report = parseJsonReport(run.stdout);
    expect(report.findings).toEqual([]);
    expect(run.stderr).toContain('4 suppressed by comments');
    expect(report.diagnostics.map((d: { file?: string; code: string }) => `${d.file}: ${d.code}`)).toEqual([
      'docs/other.md: unused-suppression',
    ]);
  });
});

describe('what stays silent', () => {
  test('messages, comments, another host, the program’s own routes, prose', async () => {
    const project = makeProject({
      'ops/notes.sh': `#!/bin/sh
# curl "$API/zones/$Z/firewall/rules" used to live here
echo "calling /zones/$Z/firewall/rules"
PVE="https://pve.lan:8006/api2/json"
curl -s "$PVE/nodes/n1/firewall/rules"
`,
      'app/routes.py': `from flask import Flask
app = Flask(__name__)

@app.route("/zones/<zone>/firewall/rules")
def rules(zone):
    print("GET /zones/%s/firewall/rules" % zone)
    return {}
`,
      'server/main.go': `package main

import "net/http"

func main() {
\thttp.HandleFunc("/zones/{zone}/firewall/rules", handler)
}
`,
      'CHANGELOG.md': '- Removed `GET /zones/:zone_id/firewall/rules`.\n',
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(keys(result.findings)).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });
});

describe('paths written in each language’s own idioms', () => {
  test('Go segments from an API root and a closure held in a variable, a jq filter after a wrapper’s call, a legacy SDK chain, an MDX component', async () => {
    const project = makeProject({
      'sync/rest.go': `package main

import (
\t"net/http"
\t"net/url"
)

const apiBase = "https://api.cloudflare.com/client/v4"

func scripts(zoneID string) string {
\tu, _ := url.JoinPath(apiBase, "zones", zoneID, "script_monitor", "scripts")
\treturn u
}

func roles(org string) {
\tget := func(u string) (*http.Response, error) {
\t\treq, _ := http.NewRequest(http.MethodGet, u, nil)
\t\treturn http.DefaultClient.Do(req)
\t}
\tget(apiBase + "/organizations/" + org + "/roles")
}
`,
      'bin/srv-targets': `#!/usr/bin/env bash
zone_api() { curl -s -X "$1" "https://api.cloudflare.com/client/v4/zones/$ZONE_ID$2" -H "Authorization: Bearer $TOKEN"; }
zone_api GET "/dns_records?type=SRV" | jq -r '.result[] | "\\(.data.service).\\(.data.proto)"'
`,
      'audit/legacy.py': `import CloudFlare

def groups(cf, zone_id, package_id):
    return cf.zones.firewall.waf.packages.groups.get(zone_id, package_id)
`,
      'docs/reference.mdx': `# Endpoints

<ApiEndpoint method="GET" path="/accounts/{account_id}/tunnels/{tunnel_id}" />

<Route path="/zones/:zone_id/filters" />
`,
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    const brief = result.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.confidence}`).sort();
    expect(brief).toEqual([
      'audit/legacy.py:4:waf-managed-rules-legacy:medium',
      'bin/srv-targets:3:srv-record-data-name-fields:high',
      'bin/srv-targets:3:srv-record-data-name-fields:high',
      'docs/reference.mdx:3:tunnels-legacy-api:medium',
      'sync/rest.go:11:page-shield-script-monitor-segment:medium',
      'sync/rest.go:20:organizations-api:high',
    ]);
  });
});

describe('what the sixth blind set taught the readers', () => {
  test('curl configs on stdin, Go builder chains and asserted receivers, Python conditionals, submodules and header lists, format placeholders, shortcodes', async () => {
    const project = makeProject({
      'ops/nightly.sh': `#!/bin/sh
API=https://api.cloudflare.com/client/v4
curl --silent --config - <<EOC
url = "\${API}/zones/\${CF_ZONE}/rate_limits?per_page=100"
next
url = "\${API}/accounts/\${CF_ACCOUNT}/load_balancers/pools"
output = "\${out}/pools.json"
EOC
jq -r '.result[] | .notification_email' "$out/pools.json"
`,
      'edgeops/main.go': `package main

func sync(c *Client, zone string) {
\tc.R().SetBody(map[string]any{"items": []map[string]any{{"id": "server_side_exclude", "value": "off"}}}).Patch("/zones/" + zone + "/settings")
\torgs := "{{.Base}}organizations/{{.Org}}/invites"
\t_ = orgs
}
`,
      'app/jobs.py': `import requests
from . import zone as zone_api

def publish(s, zone_id, host, ip):
    rtype = "AAAA" if ":" in ip else "A"
    s.post(f"https://api.cloudflare.com/client/v4/zones/{zone_id}/dns_records", json={"type": rtype, "name": host, "content": ip, "locked": False})
    zone_api.setting(s, zone_id, "mobile_redirect", "off")
    url = "{}/accounts/{}/tunnels/{}".format(API, ACCOUNT, tunnel_id)
    headers = ["Transfer-Encoding: chunked", "Content-Length: 12"]
`,
      'app/zone.py': `API = "https://api.cloudflare.com/client/v4"

def setting(session, zone, sid, value):
    return session.patch(f"{API}/zones/{zone}/settings/{sid}", json={"value": value})
`,
      'site/content/ops.md': `# Settings

{{< api-call method="PATCH" path="/zones/:zone_id/settings/server_side_exclude" >}}
`,
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.confidence}`).sort()).toEqual([
      'app/jobs.py:6:dns-record-locked-field:high',
      'app/jobs.py:7:zone-setting-mobile-redirect:medium',
      'app/jobs.py:8:tunnels-legacy-api:medium',
      'app/jobs.py:9:transfer-encoding-with-content-length:medium',
      'edgeops/main.go:4:zone-setting-server-side-exclude:high',
      'edgeops/main.go:5:organizations-api:medium',
      'ops/nightly.sh:4:rate-limiting-legacy:high',
      'ops/nightly.sh:9:lb-notification-email-field:high',
      'site/content/ops.md:3:zone-setting-server-side-exclude:medium',
    ]);
  });
});

describe('hostile input in other languages', () => {
  test('values doubling sixty times stay bounded; nesting beyond the stack is named and the scan goes on', async () => {
    const doubling = (first: string, step: (i: number) => string, last: string) =>
      [first, ...Array.from({ length: 60 }, (_, i) => step(i + 1)), last].join('\n') + '\n';
    const project = makeProject({
      'exp.sh': doubling(
        'a0="https://api.cloudflare.com/client/v4/zones/x/firewall/rules"',
        (i) => `a${i}="$a${i - 1}$a${i - 1}"`,
        'curl "$a60"',
      ),
      'exp.py': doubling(
        'a0 = "https://api.cloudflare.com/client/v4/zones/x/firewall/rules"',
        (i) => `a${i} = a${i - 1} + a${i - 1}`,
        'requests.get(a60)',
      ),
      'deep.py': `x = ${'['.repeat(100000)}${']'.repeat(100000)}\nrequests.get("https://api.cloudflare.com/client/v4/zones/x/rate_limits")\n`,
      'ok.go': GO,
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(keys(result.findings)).toEqual([
      'exp.py:1:firewall-rules-api',
      'exp.sh:1:firewall-rules-api',
      'ok.go:9:rate-limiting-legacy',
    ]);
    expect(result.diagnostics.map((d) => `${d.file}: ${d.code}`)).toEqual(['deep.py: too-deeply-nested']);
  });
});
