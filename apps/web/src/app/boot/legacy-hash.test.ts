import { describe, expect, it } from 'vitest';
import { plainPathOf } from './legacy-hash.ts';

describe('old hash bookmarks', () => {
  it('turn /#/ into the plain path, keeping the query', () => {
    expect(plainPathOf('https://example.test/#/book?style=therapeutic&type=swedish')).toBe(
      '/book?style=therapeutic&type=swedish',
    );
    expect(plainPathOf('https://example.test/#/terms-and-conditions')).toBe('/terms-and-conditions');
    expect(plainPathOf('https://example.test/#/')).toBe('/');
  });

  it('leave ordinary addresses and in-page anchors alone', () => {
    expect(plainPathOf('https://example.test/book?style=therapeutic')).toBeNull();
    expect(plainPathOf('https://example.test/#main')).toBeNull();
  });
});
