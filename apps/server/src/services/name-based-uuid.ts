/**
 * A UUID named by its content (version 8, RFC 9562: a SHA-256 of the name): the same name gives the
 * same UUID on every run and every copy, so a step done again after a crash writes the same row or
 * queues the same task, which the database then takes once.
 */
import { createHash } from 'node:crypto';

export function nameBasedUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
