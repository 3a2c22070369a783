import { describe, expect, it } from 'vitest';
import { verdictToastKind } from './verdict-toast';

describe('verdict toast', () => {
  it('is a green success only for verified', () => {
    expect(verdictToastKind('verified')).toBe('success');
    expect(verdictToastKind('partial')).toBe('warning');
    expect(verdictToastKind('invalid')).toBe('error');
    expect(verdictToastKind('unsigned')).toBe('info');
  });
});
