import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VisitDeleteDialog, visitDeleteMessage } from './index';

describe('VisitDeleteDialog', () => {
  it('names the visit, or says this visit when it has no name', () => {
    expect(visitDeleteMessage(' Screening 1 ')).toBe(
      "Are you sure you want to delete the visit 'Screening 1'?",
    );
    expect(visitDeleteMessage('  ')).toBe('Are you sure you want to delete this visit?');
    expect(visitDeleteMessage(null)).toBe('Are you sure you want to delete this visit?');
  });

  it('confirms with OK and backs out with Cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<VisitDeleteDialog open visitName="Day 1" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Warning!' });
    expect(dialog).toHaveAccessibleDescription("Are you sure you want to delete the visit 'Day 1'?");
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
