import { Alert } from 'antd';
import type { Key, ReactNode } from 'react';

interface Props<T> {
  type: 'success' | 'info' | 'warning' | 'error';
  title: ReactNode;
  /** Said explicitly: antd's Alert drops its own `alert` role when handed an undefined one. */
  role: 'alert' | 'status';
  /** The alert's class, if any. */
  className?: string;
  /** The bulleted list's class: its margins and indent. */
  listClassName: string;
  items: readonly T[];
  itemKey: (item: T, index: number) => Key;
  /** What stands in an item's bullet. */
  renderItem: (item: T, index: number) => ReactNode;
}

/** An alert whose description is a bulleted list: a form's problems, an import's warnings, a check's findings. */
export function ListAlert<T>({ type, title, role, className, listClassName, items, itemKey, renderItem }: Props<T>) {
  return (
    <Alert
      type={type}
      showIcon
      role={role}
      className={className}
      title={title}
      description={
        <ul className={listClassName}>
          {items.map((item, index) => (
            <li key={itemKey(item, index)}>{renderItem(item, index)}</li>
          ))}
        </ul>
      }
    />
  );
}
