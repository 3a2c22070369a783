// Copies of a signed file verified elsewhere, shown apart from the file's own verdict: stripped
// copies (no credentials, matched to this file), tampered copies (they carry its manifest, the
// content changed) and its badge shown around other media, each with where and when they were seen.
// A disclosure: the summary line says how often, opening it lists the places.
import type { TCopiesOfKind, TCopySighting, TSeenElsewhere } from '@provenance/contracts';
import { formatDateTime } from '@/lib/format';

type CopyKind = keyof TSeenElsewhere;

const KINDS: { kind: CopyKind; one: string; title: string; explanation: string }[] = [
  { kind: 'stripped', one: 'stripped copy', title: 'Stripped copies', explanation: 'Without Content Credentials, matched to this file by its content.' },
  { kind: 'tampered', one: 'tampered copy', title: 'Tampered copies', explanation: 'They carry this file’s manifest, but their content was changed.' },
  { kind: 'mismatched', one: 'badge on other media', title: 'Badge shown on other media', explanation: 'This file’s badge was shown around a picture that is not this content.' },
];

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** "stripped copy seen 2 times, tampered copy seen once"; empty when nothing was seen. */
export function seenElsewhereSummary(seen: TSeenElsewhere): string {
  return KINDS.filter(({ kind }) => seen[kind].count > 0)
    .map(({ kind, one }) => `${one} seen ${times(seen[kind].count)}`)
    .join(', ');
}

function Place({ place }: { place: TCopySighting }) {
  const where = place.where && /^https?:\/\//.test(place.where) ? (
    <a href={place.where} target="_blank" rel="noopener noreferrer nofollow" className="break-all underline underline-offset-2">
      {place.where}
    </a>
  ) : (
    <span>{place.where ?? 'a file uploaded to the gateway (place not known)'}</span>
  );
  return (
    <li className="space-y-0.5" data-testid="copy-sighting">
      <p>{where}</p>
      <p className="text-muted-foreground">
        Seen {times(place.count)}
        {place.count === 1 ? (
          <>
            , <time dateTime={place.lastSeen}>{formatDateTime(place.lastSeen)}</time>
          </>
        ) : (
          <>
            , first <time dateTime={place.firstSeen}>{formatDateTime(place.firstSeen)}</time>, last <time dateTime={place.lastSeen}>{formatDateTime(place.lastSeen)}</time>
          </>
        )}
      </p>
    </li>
  );
}

function CopiesOfKind({ title, explanation, copies }: { title: string; explanation: string; copies: TCopiesOfKind }) {
  const listed = copies.places.reduce((sum, place) => sum + place.count, 0);
  return (
    <section className="space-y-1" aria-label={title}>
      <h3 className="font-medium">{title}</h3>
      <p className="text-muted-foreground">{explanation}</p>
      <ul className="space-y-1.5 border-l pl-3">
        {copies.places.map((place) => (
          <Place key={`${place.where ?? ''}|${place.firstSeen}`} place={place} />
        ))}
      </ul>
      {copies.count > listed ? <p className="text-muted-foreground">and {copies.count - listed} more sightings in other places</p> : null}
    </section>
  );
}

export function SeenElsewhere({ seen }: { seen: TSeenElsewhere }) {
  const summary = seenElsewhereSummary(seen);
  if (!summary) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="seen-elsewhere">
        No copies seen elsewhere
      </p>
    );
  }
  return (
    <details className="text-xs" data-testid="seen-elsewhere">
      <summary className="cursor-pointer font-medium text-foreground">Seen elsewhere: {summary}</summary>
      <div className="mt-2 space-y-3">
        {KINDS.filter(({ kind }) => seen[kind].count > 0).map(({ kind, title, explanation }) => (
          <CopiesOfKind key={kind} title={title} explanation={explanation} copies={seen[kind]} />
        ))}
      </div>
    </details>
  );
}
