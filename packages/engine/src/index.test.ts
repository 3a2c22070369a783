/**
 * The engine's public interface stays small (issue 31): index.ts exports at most 60 names, values
 * and types alike, each by name (no `export *`), and the values it lists are the module's own keys.
 * A caller needing more of a part gets a typed group (localPki, softBinding, assetFormats, …).
 */
import { readFile } from 'node:fs/promises';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_EXPORTED_NAMES = 60;

interface IndexExports {
  values: string[];
  types: string[];
  /** Statements exporting everything of a module (`export *`, `export * as x`). */
  wholeModules: string[];
}

async function indexExports(): Promise<IndexExports> {
  const file = new URL('./index.ts', import.meta.url);
  const source = ts.createSourceFile('index.ts', await readFile(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: IndexExports = { values: [], types: [], wholeModules: [] };
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (!clause || ts.isNamespaceExport(clause)) {
      found.wholeModules.push(statement.getText(source));
      continue;
    }
    for (const element of clause.elements) {
      (statement.isTypeOnly || element.isTypeOnly ? found.types : found.values).push(element.name.text);
    }
  }
  return found;
}

describe("the engine's index", () => {
  it('exports at most 60 names, each by name', async () => {
    const { values, types, wholeModules } = await indexExports();
    expect(wholeModules).toEqual([]);
    expect(new Set([...values, ...types]).size).toBe(values.length + types.length);
    expect(values.length + types.length).toBeLessThanOrEqual(MAX_EXPORTED_NAMES);
  });

  it('lists exactly the values the module gives', async () => {
    const { values } = await indexExports();
    const engine = await import('./index.ts');
    expect(Object.keys(engine).sort()).toEqual([...values].sort());
  });
});
