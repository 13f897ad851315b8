import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PasswordChecklist } from './PasswordChecklist';

describe('PasswordChecklist', () => {
  it('ticks each rule as it is met', () => {
    const { rerender } = render(<PasswordChecklist password="" />);
    const list = screen.getByRole('list', { name: 'The password must contain' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getAllByText('(not met yet)')).toHaveLength(5);

    rerender(<PasswordChecklist password="abc1" />);
    expect(within(list).getAllByText('(met)')).toHaveLength(2);
    expect(within(list).getByText('A digit').closest('li')).toHaveProperty('className', 'rule-met');
    expect(within(list).getByText('An uppercase letter').closest('li')).toHaveProperty('className', 'rule-unmet');

    rerender(<PasswordChecklist password="Demo#2026pass" />);
    expect(within(list).getAllByText('(met)')).toHaveLength(5);
  });

  it('shows the strength on the meter once the estimator has loaded', async () => {
    const { rerender } = render(<PasswordChecklist password="password" />);
    const meter = screen.getByRole('meter', { name: 'Strength' });
    await screen.findByText('Worst');
    expect(meter.getAttribute('aria-valuenow')).toBe('0');

    rerender(<PasswordChecklist password="wT7#qe-Lmz!9vRk2" />);
    await screen.findByText('Strong');
    expect(meter.getAttribute('aria-valuenow')).toBe('4');
    expect(meter.getAttribute('aria-valuetext')).toBe('Strong');
    expect(meter.querySelectorAll('.segment.filled')).toHaveLength(5);

    rerender(<PasswordChecklist password="" />);
    expect(meter.getAttribute('aria-valuetext')).toBe('Not rated');
  });
});
