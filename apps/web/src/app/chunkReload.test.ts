import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceAfterChunkFailure } from './chunkReload';

describe('page-load failure', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads the page once per session', () => {
    const reload = vi.fn();
    expect(reloadOnceAfterChunkFailure(reload)).toBe(true);
    expect(reloadOnceAfterChunkFailure(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
