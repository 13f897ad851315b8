import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

type Props = Omit<ButtonProps, 'href' | 'onClick'> & { to: string; children: ReactNode };

/** A link that looks like a button: a real <a href> (new tab works), navigating inside the app on a plain click. */
export function ButtonLink({ to, children, ...rest }: Props) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(to);
  };
  return (
    <Button {...rest} href={to} onClick={onClick}>
      {children}
    </Button>
  );
}
