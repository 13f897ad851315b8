import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ListAlert } from './ListAlert';

describe('ListAlert', () => {
  it('shows its title and one bullet an item, with the role it is given', () => {
    render(
      <ListAlert
        type="warning"
        role="status"
        title="Two things to check"
        listClassName="checks"
        items={[
          { id: 'a', text: 'First' },
          { id: 'b', text: 'Second' },
        ]}
        itemKey={(item) => item.id}
        renderItem={(item) => <strong>{item.text}</strong>}
      />,
    );
    const alert = screen.getByRole('status');
    expect(within(alert).getByText('Two things to check')).toBeTruthy();
    const list = within(alert).getByRole('list');
    expect(list.className).toBe('checks');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First', 'Second']);
  });
});
