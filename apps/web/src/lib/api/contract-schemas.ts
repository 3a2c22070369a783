// The contract's zod schemas at run time, loaded on first use. They bring zod and its OpenAPI
// extension (about 89 kB compressed in the build), which the other modules here avoid by importing
// contract types only; the resource modules that check answers against the contract load them
// beside their request, so no screen waits for them before it renders.
export type ContractSchemas = typeof import('@provenance/contracts');

let loading: Promise<ContractSchemas> | null = null;

export function contractSchemas(): Promise<ContractSchemas> {
  loading ??= import('@provenance/contracts');
  return loading;
}

/** Answers `request` once it and the schemas are both in: the two load side by side. */
export async function parsedWith<T>(pick: (schemas: ContractSchemas) => { parse: (value: unknown) => T }, request: Promise<unknown>): Promise<T> {
  const [schemas, body] = await Promise.all([contractSchemas(), request]);
  return pick(schemas).parse(body);
}
