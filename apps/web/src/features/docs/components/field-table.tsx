// The fields of a request or response schema as a table: name (indented when nested), type,
// whether it is required, and its description.
import type { SchemaField } from '../lib/openapi';

export function FieldTable({ fields, caption }: { fields: SchemaField[]; caption: string }) {
  if (fields.length === 0) return <p className="text-sm text-muted-foreground">{caption}: no fields.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Field</th>
            <th scope="col" className="px-3 py-2 font-semibold">Type</th>
            <th scope="col" className="px-3 py-2 font-semibold">Required</th>
            <th scope="col" className="px-3 py-2 font-semibold">Description</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {fields.map((field) => (
            <tr key={field.name}>
              <td className="px-3 py-2 font-mono text-[13px]" style={{ paddingLeft: `${0.75 + field.depth * 1}rem` }}>
                {field.name}
              </td>
              <td className="px-3 py-2 font-mono text-[13px] text-muted-foreground">{field.type}</td>
              <td className="px-3 py-2">{field.required ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2 text-muted-foreground">{field.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
