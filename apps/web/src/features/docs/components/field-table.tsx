// The fields of a request or response schema as a table: name (indented when nested), type,
// whether it is required, and its description. Deeply nested fields (a full verification report
// has dozens) fold behind a button so the shape of the answer stays readable. Phones get a list
// instead of a table, which would need sideways scrolling there.
import { useState } from 'react';
import { ScrollRegion } from '@/components/scroll-region';
import { Button } from '@/components/ui/button';
import type { SchemaField } from '../lib/openapi';

const FOLDED_DEPTH = 2;

export function FieldTable({ fields: allFields, caption }: { fields: SchemaField[]; caption: string }) {
  const [expanded, setExpanded] = useState(false);
  if (allFields.length === 0) return <p className="text-sm text-muted-foreground">{caption}: no fields.</p>;
  const hidden = allFields.filter((field) => field.depth > FOLDED_DEPTH).length;
  const fields = expanded ? allFields : allFields.filter((field) => field.depth <= FOLDED_DEPTH);
  return (
    <div className="space-y-2">
      <ul className="divide-y rounded-lg border sm:hidden">
        {fields.map((field) => (
          <li key={field.name} className="space-y-1 px-3 py-2.5" style={{ paddingLeft: `${0.75 + field.depth * 0.75}rem` }}>
            <p className="break-all font-mono text-[13px] font-medium">{field.name}</p>
            <p className="text-xs text-muted-foreground">
              <span className="font-mono">{field.type}</span> · {field.required ? 'required' : 'optional'}
            </p>
            {field.description ? <p className="text-sm text-muted-foreground">{field.description}</p> : null}
          </li>
        ))}
      </ul>
      <ScrollRegion label={caption} className="hidden rounded-lg border sm:block">
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
      </ScrollRegion>
      {hidden > 0 ? (
        <Button variant="link" size="sm" className="h-auto px-0" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Hide nested fields' : `Show ${hidden} nested fields`}
        </Button>
      ) : null}
    </div>
  );
}
