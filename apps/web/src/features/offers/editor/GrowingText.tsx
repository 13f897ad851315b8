import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

/** The longest text a schedule's field takes: the server's OFFER_LIMITS.textChars. */
const MAX_CHARACTERS = 20000;

interface Props extends Omit<TextAreaProps, 'rows' | 'style' | 'className' | 'maxLength' | 'onChange'> {
  /** The lines it shows when empty, and the most it grows to before it scrolls: 1 and 6 unless said. */
  lines?: readonly [shown: number, most: number];
  onText: (text: string) => void;
}

/**
 * A free-text field of a schedule: it grows with its text (in CSS, class offers-grow) up to its most lines, then
 * scrolls; it takes at most MAX_CHARACTERS.
 */
export function GrowingText({ lines = [1, 6], onText, ...field }: Props) {
  const [shown, most] = lines;
  return (
    <Input.TextArea
      {...field}
      rows={shown}
      className="offers-grow"
      style={{ maxBlockSize: `${most * 1.6 + 1}em` }}
      maxLength={MAX_CHARACTERS}
      onChange={(e) => onText(e.target.value)}
    />
  );
}
