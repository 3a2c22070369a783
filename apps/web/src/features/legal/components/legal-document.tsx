// Layout of a legal page: title, last-updated date, a table of contents and numbered sections.
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/page-container';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalDocument({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <PageContainer className="max-w-5xl">
      <header className="border-b pb-8">
        <h1 className="font-serif text-4xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {updated}</p>
        <div className="mt-6 max-w-3xl text-muted-foreground">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold">Contents</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-muted-foreground hover:text-foreground">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-foreground/90 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </PageContainer>
  );
}
