import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useListPage } from './useListPage';

describe('a back-office list page', () => {
  it('starts on the first page and moves with the table', () => {
    const { result } = renderHook(() => useListPage());
    expect(result.current.paging.page).toBe(1);
    act(() => result.current.paging.onPage(3));
    expect(result.current.page).toBe(3);
    expect(result.current.paging.page).toBe(3);
  });

  it('goes back to the first page when a filter changes, passing the filter its value', () => {
    const { result } = renderHook(() => useListPage());
    act(() => result.current.paging.onPage(4));
    const seen: string[] = [];
    act(() => result.current.resetting((value: string) => seen.push(value))('CONFIRMED'));
    expect(seen).toEqual(['CONFIRMED']);
    expect(result.current.page).toBe(1);
  });
});
