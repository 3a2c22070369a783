// A copyable code sample with its language named for screen readers and the eye.
import { CopyButton } from '@/components/copy-button';
import { ScrollRegion } from '@/components/scroll-region';

export function CodeBlock({ code, language, label }: { code: string; language: string; label: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border bg-slate-950 text-slate-100" data-testid={`example-${language}`}>
      <figcaption className="flex items-center justify-between border-b border-white/10 px-4 py-1.5 text-xs font-medium text-slate-300">
        <span>{label}</span>
        <CopyButton text={code} label={`Copy ${label} example`} className="text-slate-200 hover:bg-white/10 hover:text-white" />
      </figcaption>
      <ScrollRegion label={`${label} example`}>
        <pre className="w-max min-w-full p-4 text-[13px] leading-relaxed">
          <code>{code}</code>
        </pre>
      </ScrollRegion>
    </figure>
  );
}
