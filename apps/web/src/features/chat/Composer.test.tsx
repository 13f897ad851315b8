import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { isolateAuto, stripIsolates } from '@portal/shared';
import { Composer } from './Composer';
const setup = (connected = true, sent = true) => {
  const send = vi.fn(() => sent);
  const onFailure = vi.fn();
  render(<Composer connected={connected} send={send} onFailure={onFailure} />);
  return {
    send,
    onFailure,
    box: screen.getByRole('textbox', { name: 'Type your message' }),
    button: screen.getByRole('button', { name: 'Send' }),
  };
};

describe('the message composer', () => {
  it('sends non-empty text and clears it', () => {
    const { send, box, button } = setup();
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: ' Mode 4 please ' } });
    fireEvent.click(button);
    expect(send).toHaveBeenCalledWith('Mode 4 please', null);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('cannot send without a live connection', () => {
    const { send, box, button } = setup(false);
    fireEvent.change(box, { target: { value: 'hello' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
  });

  it("refuses a file of a type the portal does not accept with '{file name} file upload failed.' and why", () => {
    const { onFailure, send } = setup();
    const input = screen.getByTestId('chat-file-input');
    act(() => {
      fireEvent.change(input, {
        target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })] },
      });
    });
    const said = onFailure.mock.calls[0]![0] as string;
    expect(said.startsWith(`${isolateAuto('setup.exe')} file upload failed. Accepted file types: `)).toBe(true);
    expect(stripIsolates(said)).toContain('PDF');
    expect(send).not.toHaveBeenCalled();
  });
});
