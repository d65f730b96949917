/**
 * The languages the scanner reads besides JavaScript/TypeScript and Terraform, and how a file is
 * recognized as one: by its name, or (for an executable without an extension) by its shebang. Some
 * files hold shell inside another format (a Dockerfile's `RUN`, a Makefile's recipes, a CI
 * workflow's `run:` steps); documentation holds code blocks of several languages.
 */
export type ScriptLanguage = 'shell' | 'python' | 'go' | 'docs' | 'text';

/** Every language `--languages` names, in the order the help lists them. */
export const LANGUAGES = ['javascript', 'terraform', 'shell', 'python', 'go', 'docs', 'text'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The format shell is written in, when it is not a script of its own. */
export type ShellHost = 'script' | 'dockerfile' | 'makefile' | 'github-actions' | 'gitlab-ci';

export type FileKind =
  | { language: 'shell'; host: ShellHost }
  | { language: 'python' }
  | { language: 'go' }
  | { language: 'docs'; format: 'markdown' | 'rst' }
  /** Documents and files of formats no grammar here reads (AsciiDoc; a `Jenkinsfile`, `justfile`, Nix, `.http`), read as text: `text/read.ts`. */
  | { language: 'docs'; format: 'text' }
  | { language: 'text' };

/**
 * Formats read as text (`text/read.ts`): ops and CI formats (Nix, fish, Groovy, just, systemd
 * units, `.env`, TOML, YAML), request files (`.http`, Hurl, Bruno), Windows and PowerShell scripts,
 * templates (Jinja, ERB, Puppet's EPP, Handlebars), configuration languages (Puppet, Salt, Jsonnet,
 * CUE, Starlark, Bicep, Nushell), and the source of languages no grammar here reads (Ruby, Perl,
 * PHP, Lua, the JVM's and .NET's, Rust, Swift, Elixir, Dart), whose strings grep would search as it
 * searches any file.
 */
export const TEXT_EXTENSIONS = [
  ...['nix', 'fish', 'groovy', 'jenkinsfile', 'just', 'service', 'timer', 'env', 'envrc', 'toml', 'yml', 'yaml'],
  ...['http', 'rest', 'hurl', 'bru', 'ps1', 'psm1', 'psd1', 'bat', 'cmd', 'bats'],
  ...[
    'rb',
    'rake',
    'erb',
    'pl',
    'pm',
    'php',
    'lua',
    'java',
    'kt',
    'kts',
    'scala',
    'cs',
    'rs',
    'swift',
    'ex',
    'exs',
    'dart',
  ],
  ...['j2', 'jinja', 'jinja2', 'tpl', 'tmpl', 'gotmpl', 'epp', 'mustache', 'hbs', 'liquid', 'njk'],
  ...['nu', 'pp', 'sls', 'jsonnet', 'libsonnet', 'cue', 'bzl', 'star', 'bicep'],
  ...['hcl', 'ini', 'cfg', 'conf', 'properties', 'txt'],
  // Manual pages (roff: a `.nf` example of the requests a command wraps).
  ...['1', '5', '7', '8', 'man', 'roff'],
  // More languages without a reader here: Clojure, Haskell, R, Julia, Objective-C, OCaml, Crystal,
  // Zig, Nim, Erlang, F#, Visual Basic, Tcl, awk; Bazel's files.
  // (R's scripts are written `.R`: globs and the hook's pattern match case.)
  ...[
    'clj',
    'cljs',
    'cljc',
    'edn',
    'hs',
    'r',
    'R',
    'jl',
    'm',
    'mm',
    'ml',
    'cr',
    'zig',
    'nim',
    'erl',
    'fs',
    'fsx',
    'vb',
  ],
  ...['tcl', 'awk', 'bazel'],
];
/** Files read as text by their whole name (a `Jenkinsfile`, Ruby's `Rakefile`). */
export const TEXT_NAMES = [
  ...['Jenkinsfile', 'justfile', 'Justfile', '.justfile', 'Earthfile', 'Taskfile', 'Procfile'],
  ...['Rakefile', 'Vagrantfile', 'Capfile', 'Guardfile', 'Fastfile', 'user-data', 'BUILD', 'WORKSPACE', 'Tiltfile'],
];
const TEXT_FILE = new RegExp(`\\.(${TEXT_EXTENSIONS.join('|')})$`);
const TEXT_NAME = new RegExp(`^(${TEXT_NAMES.map((name) => name.toLowerCase().replace('.', '\\.')).join('|')})$`);

/** Globs of the files these readers take (discovery adds them to its default include). */
export const SCRIPT_INCLUDE: readonly string[] = [
  '**/*.{sh,bash,zsh,ksh,py,pyw,ipynb,go,md,mdx,markdown,Rmd,rmd,qmd,rst}',
  '**/{Dockerfile,Containerfile,Makefile,GNUmakefile,makefile}',
  '**/*.{dockerfile,Dockerfile,mk}',
  // Text of other formats that holds request commands and URLs: read for what grep would find.
  `**/*.{adoc,asciidoc,org,${TEXT_EXTENSIONS.join(',')}}`,
  `**/{${TEXT_NAMES.join(',')}}`,
  '**/*.{json,har}',
  '**/{Dockerfile,Containerfile}.*',
  '**/.github/workflows/*.{yml,yaml}',
  '**/.gitlab-ci.{yml,yaml}',
  '**/.gitlab/ci/**/*.{yml,yaml}',
  // Executables without an extension (`bin/deploy`, `locked-records`): read by what their shebang names.
  '**/!(*.*)',
];

/** The kind of a file by its path alone; `shebang` when only its first line can tell. */
export function kindOfPath(path: string): FileKind | 'shebang' | undefined {
  const normalized = path.replace(/\\/g, '/');
  const name = normalized.slice(normalized.lastIndexOf('/') + 1);
  const lower = name.toLowerCase();
  if (/\.(sh|bash|zsh|ksh)$/.test(lower)) return { language: 'shell', host: 'script' };
  // A Jupyter notebook's code cells are Python (python/notebook.ts).
  if (/\.(pyw?|ipynb)$/.test(lower)) return { language: 'python' };
  if (/\.go$/.test(lower)) return { language: 'go' };
  // R Markdown and Quarto pages are Markdown with code chunks (```{r}).
  if (/\.(md|mdx|markdown|rmd|qmd)$/.test(lower)) return { language: 'docs', format: 'markdown' };
  if (/\.rst$/.test(lower)) return { language: 'docs', format: 'rst' };
  if (/^(dockerfile|containerfile)(\..+)?$/.test(lower) || lower.endsWith('.dockerfile'))
    return { language: 'shell', host: 'dockerfile' };
  if (lower === 'makefile' || lower === 'gnumakefile' || lower.endsWith('.mk'))
    return { language: 'shell', host: 'makefile' };
  if (/(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(normalized)) return { language: 'shell', host: 'github-actions' };
  if (/^\.gitlab-ci\.ya?ml$/.test(lower) || /(^|\/)\.gitlab\/ci\/.+\.ya?ml$/.test(normalized))
    return { language: 'shell', host: 'gitlab-ci' };
  if (/\.(adoc|asciidoc|org)$/.test(lower)) return { language: 'docs', format: 'text' };
  if (TEXT_FILE.test(lower) || TEXT_NAME.test(lower) || /\.(json|har)$/.test(lower)) return { language: 'text' };
  if (!name.includes('.')) return 'shebang';
  return undefined;
}

/**
 * A file without an extension by its shebang: a shell script (`#!/bin/sh`, `#!/usr/bin/env bash`),
 * Python, or any other interpreter's script (Perl, Ruby, PowerShell, Node), read as text.
 */
export function kindOfShebang(firstLine: string): FileKind | undefined {
  if (!firstLine.startsWith('#!')) return undefined;
  const interpreter = /^#!\s*\S*\/(?:env\s+(?:-\S+\s+)*)?([\w.+-]+)/.exec(firstLine)?.[1];
  if (!interpreter) return undefined;
  if (/^(ba|z|k|da)?sh$/.test(interpreter)) return { language: 'shell', host: 'script' };
  if (/^python[\d.]*$/.test(interpreter)) return { language: 'python' };
  return { language: 'text' };
}
