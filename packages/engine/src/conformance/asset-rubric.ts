/**
 * The C2PA Conformance Program's asset rubric evaluated over an asset's crJSON, for the tests. A
 * rubric (fixtures/) is YAML: a first document of variables and named expressions, then the checks,
 * each a json-formula expression. This maps it onto `@adobe/json-formula` as the program's own
 * evaluator (c2pa_conformance_rubric_evaluator.py) maps it onto json-formula-py: each named
 * expression becomes a function whose arguments are read in its body as `$args[N]`, and a check
 * passes as that evaluator decides (failIfMatched: an empty result; warnIfMatched: a non-empty one
 * only warns; otherwise a true, non-empty or non-zero result).
 */
import { readFileSync } from 'node:fs';
import JsonFormula, { dataTypes } from '@adobe/json-formula';
import { parseAllDocuments } from 'yaml';

export interface RubricCheck {
  id: string;
  expression: string;
  failIfMatched?: boolean;
  warnIfMatched?: boolean;
}

export interface RubricResult {
  id: string;
  /** 'true': passed; 'warn': a warning only; 'false': failed; 'error': the expression could not be evaluated. */
  value: 'true' | 'warn' | 'false' | 'error';
  /** What matched (failIfMatched / warnIfMatched), or the evaluation error. */
  detail: unknown;
}

export interface AssetRubric {
  name: string;
  checks: RubricCheck[];
  evaluate(crJson: unknown): RubricResult[];
}

interface RubricHead {
  rubric_metadata?: { name?: string };
  variables?: Record<string, unknown>;
  expressions?: Record<string, string>;
}

/** The number of arguments each named expression takes: the most any call passes, or its highest `$args[N]` + 1. */
function arities(expressions: Record<string, string>): Map<string, number> {
  const found = new Map<string, number>();
  for (const name of Object.keys(expressions)) {
    let arity = 0;
    const call = new RegExp(`\\b${name}\\s*\\(`, 'g');
    for (const body of Object.values(expressions)) {
      for (const match of body.matchAll(call)) {
        const rest = body.slice((match.index ?? 0) + match[0].length);
        if (rest.startsWith(')')) continue;
        let depth = 1;
        let count = 1;
        for (const c of rest) {
          if (c === '(') depth += 1;
          else if (c === ')' && --depth === 0) break;
          else if (c === ',' && depth === 1) count += 1;
        }
        arity = Math.max(arity, count);
      }
    }
    const highest = Math.max(-1, ...[...expressions[name]!.matchAll(/\$args\[(\d+)\]/g)].map((m) => Number(m[1])));
    found.set(name, Math.max(arity, highest + 1));
  }
  return found;
}

interface Interpreter {
  globals: Record<string, unknown>;
  search(node: unknown, data: unknown): unknown;
}

export function loadAssetRubric(path: string, expectedSpecVersion: string): AssetRubric {
  const [head, ...rest] = parseAllDocuments(readFileSync(path, 'utf8')).map((document) => document.toJS() as unknown);
  const { rubric_metadata, variables = {}, expressions = {} } = head as RubricHead;
  const checks = rest.flatMap((document) => (Array.isArray(document) ? (document as RubricCheck[]) : [document as RubricCheck])).filter((check) => check?.expression);
  const globals: Record<string, unknown> = { ...variables, $expected_spec_version: expectedSpecVersion };
  const globalNames = new Set([...Object.keys(globals), ...Object.values(expressions).flatMap((body) => body.match(/\$[A-Za-z0-9_]+/g) ?? [])]);
  const allowed = [...globalNames, ...Object.keys(expressions)];

  const compiler = new JsonFormula();
  const compiled = new Map(Object.entries(expressions).map(([name, body]) => [name, compiler.compile(body.trim(), allowed)] as const));
  const functions = Object.fromEntries(
    [...arities(expressions)].map(([name, arity]) => [
      name,
      {
        _signature: Array.from({ length: arity }, () => ({ types: [dataTypes.TYPE_ANY] })),
        _func: (args: unknown[], data: unknown, interpreter: Interpreter) => {
          if (arity === 0) return interpreter.search(compiled.get(name), data);
          // The arguments are the global $args while the body runs, as the program's evaluator does.
          const saved = interpreter.globals['$args'];
          interpreter.globals['$args'] = args;
          try {
            return interpreter.search(compiled.get(name), data);
          } finally {
            interpreter.globals['$args'] = saved;
          }
        },
      },
    ]),
  );
  const engine = new JsonFormula(functions);

  return {
    name: rubric_metadata?.name ?? path,
    checks,
    evaluate(crJson) {
      return checks.map((check): RubricResult => {
        let value: unknown;
        try {
          value = engine.search(check.expression.trim(), crJson, { ...globals, $args: null });
        } catch (error) {
          return { id: check.id, value: 'error', detail: error instanceof Error ? error.message : String(error) };
        }
        const matched = Array.isArray(value) && value.length > 0;
        if (check.failIfMatched) return { id: check.id, value: matched ? 'false' : 'true', detail: matched ? value : null };
        if (check.warnIfMatched) return { id: check.id, value: matched ? 'warn' : 'true', detail: matched ? value : null };
        const passed = Array.isArray(value) ? value.length > 0 : typeof value === 'number' ? value > 0 : typeof value === 'boolean' ? value : value != null;
        return { id: check.id, value: passed ? 'true' : 'false', detail: passed ? null : value };
      });
    },
  };
}
