// A minimal LSP client standing in for VS Code: starts the ESLint language server VS Code's ESLint
// extension runs (vscode-eslint-language-server, from the npm package vscode-langservers-extracted)
// over stdio, answers its configuration requests with the extension's default settings, opens a
// file, pulls its diagnostics as VS Code does, asks for the quick fixes, and optionally edits the
// file and pulls again (as you type). See docs/editor-and-pre-commit.md.
//
//   node lsp-client.mjs <path to vscode-eslint-language-server> <workspace folder> <file> <languageId>
//   EDIT_FROM=script_monitor EDIT_TO=page_shield node lsp-client.mjs …   (an edit, then diagnostics again)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [serverBin, workspace, file, languageId] = process.argv.slice(2);
const workspaceUri = pathToFileURL(workspace).href;
const uri = pathToFileURL(file).href;
const text = readFileSync(file, 'utf8');

const server = spawn(process.execPath, [serverBin, '--stdio'], { cwd: workspace });
server.stderr.on('data', (d) => process.stderr.write(`[server stderr] ${d}`));

let buffer = Buffer.alloc(0);
let nextId = 1;
const pending = new Map();
const send = (message) => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
  server.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
  server.stdin.write(body);
};
const request = (method, params) =>
  new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    send({ id, method, params });
  });

// The settings VS Code's ESLint extension sends by default (eslint.* in settings.json).
const settings = {
  validate: 'on',
  packageManager: 'npm',
  useESLintClass: false,
  useFlatConfig: true,
  experimental: { useFlatConfig: false },
  codeAction: {
    disableRuleComment: { enable: true, location: 'separateLine', commentStyle: 'line' },
    showDocumentation: { enable: true },
  },
  codeActionOnSave: { mode: 'all', rules: [] },
  format: false,
  quiet: false,
  onIgnoredFiles: 'off',
  options: {},
  rulesCustomizations: [],
  run: 'onType',
  problems: { shortenToSingleLine: false },
  nodePath: null,
  workingDirectory: { mode: 'location' },
  workspaceFolder: { uri: workspaceUri, name: 'workspace' },
};

let diagnosticsSeen;
const diagnostics = new Promise((resolve) => (diagnosticsSeen = resolve));

function onMessage(message) {
  if (message.id !== undefined && message.method === undefined) {
    pending.get(message.id)?.(message.result ?? message.error);
    pending.delete(message.id);
    return;
  }
  if (message.method === 'window/showMessage' || message.method === 'window/showMessageRequest')
    console.log(`[server message to the user] ${message.params.message}`);
  if (process.env.TRACE) console.log('<-', JSON.stringify(message).slice(0, 300));
  if (message.method === 'workspace/configuration')
    return send({ id: message.id, result: message.params.items.map(() => settings) });
  if (message.id !== undefined) return send({ id: message.id, result: null }); // registerCapability, workDoneProgress, ...
  if (message.method === 'textDocument/publishDiagnostics' && message.params.uri === uri)
    diagnosticsSeen(message.params.diagnostics);
  if (message.method === 'window/logMessage' && message.params.type <= 2)
    console.log(`[server log] ${message.params.message}`);
}

server.stdout.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())[1]);
    if (buffer.length < headerEnd + 4 + length) return;
    const body = buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString();
    buffer = buffer.subarray(headerEnd + 4 + length);
    onMessage(JSON.parse(body));
  }
});

const timeout = setTimeout(() => {
  console.log('no diagnostics within 60 s');
  process.exit(1);
}, 60_000);

await request('initialize', {
  processId: process.pid,
  rootUri: workspaceUri,
  workspaceFolders: [{ uri: workspaceUri, name: 'workspace' }],
  capabilities: {
    workspace: { configuration: true, workspaceFolders: true },
    textDocument: {
      publishDiagnostics: { relatedInformation: true },
      diagnostic: { dynamicRegistration: false },
      codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll.eslint'] } } },
    },
  },
});
send({ method: 'initialized', params: {} });
send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId, version: 1, text } } });

// This server implements pull diagnostics (LSP 3.17 diagnosticProvider), which VS Code uses: the
// client asks for a document's diagnostics (older servers push them with publishDiagnostics).
const report = await request('textDocument/diagnostic', { textDocument: { uri } });
const published = report?.items ?? (await diagnostics);
clearTimeout(timeout);
console.log(`textDocument/diagnostic for ${file}: ${published.length} diagnostic(s) (report kind: ${report?.kind})`);
for (const d of published)
  console.log(
    `  ${d.range.start.line + 1}:${d.range.start.character + 1} [${d.source} ${d.code?.value ?? d.code}] severity ${d.severity}: ${d.message}`,
  );

for (const d of published) {
  const actions = await request('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d], only: ['quickfix'] },
  });
  const titles = (actions ?? []).map((a) => a.title).filter((t) => !/^(Disable|Show documentation)/.test(t));
  if (titles.length)
    console.log(`  quick fixes at ${d.range.start.line + 1}:${d.range.start.character + 1}: ${titles.join(' | ')}`);
}

// As you type: an edit, then the diagnostics again.
if (process.env.EDIT_FROM) {
  const edited = text.replace(process.env.EDIT_FROM, process.env.EDIT_TO ?? '');
  send({
    method: 'textDocument/didChange',
    params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] },
  });
  const again = await request('textDocument/diagnostic', { textDocument: { uri } });
  console.log(
    `after replacing ${JSON.stringify(process.env.EDIT_FROM)} with ${JSON.stringify(process.env.EDIT_TO)}: ${again.items.length} diagnostic(s): ${again.items.map((d) => d.code?.value ?? d.code).join(', ')}`,
  );
}

await request('shutdown', null);
send({ method: 'exit' });
setTimeout(() => process.exit(0), 500);
