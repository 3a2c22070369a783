// Types for @adobe/json-formula, which ships none: the part asset-rubric.ts uses.
declare module '@adobe/json-formula' {
  export const dataTypes: Readonly<Record<'TYPE_ANY' | 'TYPE_STRING' | 'TYPE_NUMBER' | 'TYPE_ARRAY' | 'TYPE_OBJECT' | 'TYPE_BOOLEAN', number>>;
  export interface CustomFunction {
    _func: (args: never[], data: never, interpreter: never) => unknown;
    _signature: { types: number[]; optional?: boolean; variadic?: boolean }[];
  }
  export default class JsonFormula {
    constructor(customFunctions?: Record<string, CustomFunction>, stringToNumber?: ((text: string) => number) | null, debug?: string[]);
    compile(expression: string, allowedGlobalNames?: string[]): unknown;
    run(ast: unknown, json: unknown, language?: string, globals?: Record<string, unknown>): unknown;
    search(expression: string, json: unknown, globals?: Record<string, unknown>, language?: string): unknown;
  }
}
