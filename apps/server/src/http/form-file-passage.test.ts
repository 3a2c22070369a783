// The passage of a form's file by busboy: the delimiter as busboy reads it from the content type,
// and the file's bytes up to exactly the delimiter that ends them, however the body is cut in chunks.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsClearOfDelimiter, formDelimiter, openFilePassage } from './form-file-passage.ts';

// busboy's own reading of a content type, the one its search uses (an internal module, read here only).
const parseParams = createRequire(import.meta.url)('@fastify/busboy/lib/utils/parseParams.js') as (value: string) => (string | [string, string])[];
const busboyBoundary = (contentType: string): string | undefined => parseParams(contentType).find((param): param is [string, string] => Array.isArray(param) && /^boundary$/i.test(param[0]))?.[1];

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

describe('formDelimiter', () => {
  it('reads the boundaries browsers and curl send, quoted or not', () => {
    expect(formDelimiter('multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW')?.toString('latin1')).toBe('\r\n------WebKitFormBoundary7MA4YWxkTrZu0gW');
    expect(formDelimiter('multipart/form-data; boundary=------------------------d74496d66958873e')?.toString('latin1')).toBe('\r\n--------------------------d74496d66958873e');
    expect(formDelimiter('multipart/form-data; boundary="a b:c"')?.toString('latin1')).toBe('\r\n--a b:c');
    expect(formDelimiter('multipart/form-data;Boundary=x ; charset=utf-8')?.toString('latin1')).toBe('\r\n--x');
  });

  it('gives none for a content type whose boundary may be read two ways, or is not RFC 2046', () => {
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=a; boundary=b',
      "multipart/form-data; boundary*=utf-8''a",
      'multipart/form-data; boundary="a\\"b"',
      'multipart/form-data; boundary=a(b',
      `multipart/form-data; boundary=${'x'.repeat(71)}`,
      'multipart/form-data; boundary="ends in space "',
    ]) {
      expect(formDelimiter(contentType), contentType).toBeNull();
    }
  });

  it('reads every boundary it gives as busboy does (a content type busboy cannot read is refused before any passage)', () => {
    let agreed = 0;
    const valueChar = fc.constantFrom(...'aZ09\'()+_,-./:=? "\\;*é'.split(''));
    const param = fc.record({
      name: fc.constantFrom('boundary', 'Boundary', 'boundary*', 'charset', 'x'),
      space: fc.constantFrom('', ' ', '  '),
      quoted: fc.boolean(),
      value: fc.string({ unit: valueChar, minLength: 0, maxLength: 12 }),
    });
    fc.assert(
      fc.property(fc.array(param, { maxLength: 3 }), (params) => {
        const contentType = `multipart/form-data${params.map(({ name, space, quoted, value }) => `;${space}${name}=${quoted ? `"${value}"` : value}`).join('')}`;
        const delimiter = formDelimiter(contentType);
        const boundary = busboyBoundary(contentType);
        if (!delimiter || boundary === undefined) return;
        expect(delimiter.toString('latin1')).toBe(`\r\n--${boundary}`);
        agreed += 1;
      }),
      { numRuns: RUNS * 10 },
    );
    expect(agreed).toBeGreaterThan(RUNS / 10);
  });
});

describe('openFilePassage', () => {
  const delimiter = formDelimiter('multipart/form-data; boundary=XyZ')!;
  /** Bytes made of the delimiter's pieces and a little else, so starts of it and whole ones come often. */
  const trickyBytes = fc.array(fc.constantFrom('\r', '\n', '-', '--', 'X', 'Xy', 'XyZ', '\r\n--XyZ', '\r\n--Xy', 'a', 'bb'), { maxLength: 60 }).map((pieces) => Buffer.from(pieces.join(''), 'latin1'));
  const cuts = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 });

  it('passes the file up to the first delimiter, gives the rest from it, and holds back only a delimiter begun at the end', () => {
    fc.assert(
      fc.property(trickyBytes, cuts, (body, sizes) => {
        const passage = openFilePassage(delimiter);
        const file: Buffer[] = [];
        let rest: Buffer | null = null;
        for (let at = 0, turn = 0; at < body.byteLength && rest === null; turn += 1) {
          const chunk = body.subarray(at, at + sizes[turn % sizes.length]!);
          at += chunk.byteLength;
          const passed = passage.pass(chunk);
          if (passed.file) file.push(Buffer.from(passed.file));
          if (passed.rest) rest = Buffer.concat([passed.rest, body.subarray(at)]);
        }
        const end = body.indexOf(delimiter);
        if (end === -1) {
          expect(rest).toBeNull();
          const held = passage.flush();
          expect(Buffer.concat([...file, held ?? Buffer.alloc(0)]).equals(body)).toBe(true);
          // What is held back could still begin the delimiter; nothing passed could.
          if (held) expect(delimiter.subarray(0, held.byteLength).equals(held)).toBe(true);
        } else {
          expect(Buffer.concat(file).equals(body.subarray(0, end))).toBe(true);
          expect(rest?.equals(body.subarray(end))).toBe(true);
        }
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('tells whether a chunk ends clear of the delimiter', () => {
    expect(endsClearOfDelimiter(Buffer.from('0123456789'), delimiter)).toBe(true);
    expect(endsClearOfDelimiter(Buffer.from('0123456\r\n-'), delimiter)).toBe(false);
    expect(endsClearOfDelimiter(Buffer.from('0123456789\r'), delimiter)).toBe(false);
    expect(endsClearOfDelimiter(Buffer.from('01234\r\n-X'), delimiter)).toBe(true);
    // Shorter than the delimiter: what came before it may begin one.
    expect(endsClearOfDelimiter(Buffer.from('abc'), delimiter)).toBe(false);
  });
});
