import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { XlsxDropZone } from './xlsx-drop-zone';

const xlsxFile = (content = 'xlsx', name = 'costs.xlsx') => new File([content], name);

describe('XlsxDropZone', () => {
  const renderZone = (disabled = false) => {
    const onFile = vi.fn();
    render(<XlsxDropZone what="the ePrice workbook" fileName={null} disabled={disabled} onFile={onFile} />);
    const zone = screen.getByRole('button', { name: /^Spreadsheet drop zone: drop the ePrice workbook/ });
    const input = screen.getByTestId('xlsx-file-input');
    const click = vi.spyOn(input, 'click');
    return { zone, onFile, click };
  };

  it('is reached with Tab and opens the file chooser with Enter or Space', async () => {
    const user = userEvent.setup();
    const { zone, click } = renderZone();
    await user.tab();
    expect(zone).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('keeps the last of several dropped files', () => {
    const { zone, onFile } = renderZone();
    const first = xlsxFile('1', 'first.xlsx');
    const last = xlsxFile('2', 'last.xlsx');
    fireEvent.drop(zone, { dataTransfer: { files: [first, last] } });
    expect(onFile).toHaveBeenCalledExactlyOnceWith(last);
  });

  it('takes nothing while disabled and leaves the tab order', async () => {
    const user = userEvent.setup();
    const { zone, onFile, click } = renderZone(true);
    fireEvent.drop(zone, { dataTransfer: { files: [xlsxFile()] } });
    await user.tab();
    expect(zone).not.toHaveFocus();
    expect(onFile).not.toHaveBeenCalled();
    expect(click).not.toHaveBeenCalled();
  });
});
