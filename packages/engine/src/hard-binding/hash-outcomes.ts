/**
 * A hard binding's hash computed once per assertion however many times a file is read (a read
 * without trust checking, then one with): outcomes kept by the assertion's content, its byte
 * strings written as hex so that equal assertions share one key.
 */
export function oncePerAssertion<A, R>(compute: (assertion: A) => Promise<R>): (assertion: A) => Promise<R> {
  const outcomes = new Map<string, Promise<R>>();
  return (assertion) => {
    const key = JSON.stringify(assertion, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value));
    let outcome = outcomes.get(key);
    if (!outcome) outcomes.set(key, (outcome = compute(assertion)));
    return outcome;
  };
}
