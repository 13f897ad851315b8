import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { blankEntry } from '@portal/shared';
import { CommitmentEntryField } from './CommitmentEntryField';

describe('CommitmentEntryField', () => {
  it('names its Comment, GATS+ and AfCFTA+ controls by column and mode, the visible word last', () => {
    const entry = { ...blankEntry('None'), hasComment: false };
    render(
      <>
        <CommitmentEntryField
          mode="crossBorder"
          entry={entry}
          blockLabel="Limitations on market access"
          onChange={() => {}}
        />
        <CommitmentEntryField
          mode="crossBorder"
          entry={entry}
          blockLabel="Limitations on national treatment"
          onChange={() => {}}
        />
      </>,
    );
    expect(
      screen.getByRole('switch', { name: 'Limitations on market access, 1) Cross-border supply: Comment' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Limitations on market access, 1) Cross-border supply: GATS+' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Limitations on national treatment, 1) Cross-border supply: AfCFTA+' }),
    ).toBeTruthy();
    expect(screen.queryAllByRole('checkbox', { name: 'GATS+' })).toEqual([]);
  });
});
