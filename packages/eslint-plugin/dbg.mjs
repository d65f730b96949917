import { readFileSync } from 'node:fs';
import { parseForESLint } from '@typescript-eslint/parser';
import { resolveSettings } from '@sunset-lint/core';
import { extractFileFacts } from '@sunset-lint/core/internal';
const file = process.argv[2];
const source = readFileSync(file, 'utf8');
const { ast } = parseForESLint(source, { range: true, loc: true, jsx: file.endsWith('x'), sourceType: 'module' });
const facts = extractFileFacts(ast, source, resolveSettings({}));
for (const r of facts.requests)
  console.log(
    r.via,
    r.method.kind,
    r.ownerFn,
    JSON.stringify(
      r.url.map((p) => (p.kind === 'text' ? p.text : p.kind === 'hole' ? `<${p.param ?? p.ref ?? '?'}>` : p.options)),
    ),
  );
