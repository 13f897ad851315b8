import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LazyPart } from './LazyPart';

describe('LazyPart', () => {
  it('shows the part once its code has come', async () => {
    const Part = lazy(() => Promise.resolve({ default: () => <button type="button">View GATS</button> }));
    render(
      <LazyPart fallback={<p>Loading</p>}>
        <Part />
      </LazyPart>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'View GATS' })).toBeTruthy();
  });

  it('keeps the rest of the screen when the code cannot be fetched, with the stand-in in its place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = lazy(() => Promise.reject(new Error('Unable to preload CSS for /assets/ViewGatsModal.css')));
    render(
      <main>
        <h1>Kenya Conditional Initial Offer</h1>
        <LazyPart fallback={<p>Loading</p>} failed={<p>The text, to read</p>}>
          <Part />
        </LazyPart>
      </main>,
    );
    expect(await screen.findByText('The text, to read')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kenya Conditional Initial Offer' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
