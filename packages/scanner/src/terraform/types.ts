import type { RawComment } from '@sunset-lint/core';

/**
 * What the Terraform reader hands on: the resources a module declares, reduced to their type, the
 * property paths written in them and the values known without running Terraform. The shape follows
 * the neutral "declared resource" facts of the catalogue's resource match (ecosystem, resource
 * type as the ecosystem names it, property paths in Terraform's snake_case spelling).
 */

/** 1-based line and column, 0-based offset in UTF-16 code units (as JavaScript strings count). */
export interface SourcePoint {
  line: number;
  column: number;
  offset: number;
}

export interface SourceSpan {
  start: SourcePoint;
  end: SourcePoint;
}

/** A value known without running Terraform. */
export type StaticValue = string | number | boolean | null;

export interface DeclaredProperty {
  /** `['settings', 'minify', 'css']` for `settings { minify { css = "on" } }`; a block or object attribute has its own entry too. */
  path: readonly string[];
  /** The value when it is a static string, number, boolean or null (after `var.` and `local.` substitution); absent otherwise. */
  value?: StaticValue;
  /** Where the key is written: the attribute name, the block type, the object key. */
  key: SourceSpan;
  /** Where a finding about it goes: the key, except inside a `dynamic` block, where it is the block's label. */
  at: SourceSpan;
}

export interface DeclaredTerraformResource {
  ecosystem: 'terraform';
  /** As Terraform names it: `cloudflare_firewall_rule`. */
  resourceType: string;
  /** The resource's local name (`resource "cloudflare_filter" "api"` → `api`). */
  name: string;
  /** Absolute path of the `.tf` file. */
  file: string;
  /** The type label, quotes excluded. */
  typeLabel: SourceSpan;
  /** Set when the resource is declared once for many instances (`for_each`, `count`). */
  repeatedBy?: 'for_each' | 'count';
  /** Every attribute, nested block and object key, in source order. */
  properties: readonly DeclaredProperty[];
}

/** A file that could not be read or parsed; the scan goes on. */
export interface TerraformFileProblem {
  file: string;
  code: 'parse-error' | 'read-error' | 'file-too-large';
  message: string;
  line?: number;
  column?: number;
}

/**
 * A `.tf` file as the reader read and parsed it: its text (where findings are placed) and its
 * comments (what suppresses them), so neither is read or parsed again. `comments` is empty when the
 * text holds no suppression word: the suppression step then never asks for them.
 */
export interface TerraformSource {
  text: string;
  comments: RawComment[];
}
